package dev.bluegreen.core;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AdoptionTest {
    static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void anAdoptedDeploymentServesAsBlueWithItsRunningSpecAsTheStableSpec() {
        var plan = Adoption.adopted(Color.BLUE, "ref-1", false, "orders-live", NOW);

        assertThat(plan.record().state()).isEqualTo(BlueGreenState.ACTIVE_BLUE);
        assertThat(plan.record().stableSpecRef()).isEqualTo("ref-1");
        assertThat(plan.record().trafficColor()).isEqualTo(Color.BLUE);
        assertThat(plan.record().phaseStartedAt()).isEqualTo(NOW);
        assertThat(plan.record().outputOwner()).isNull();
        assertThat(plan.record().transitionNumber()).isZero();
        assertThat(plan.actions()).isEmpty();
        assertThat(plan.requeueAfter()).isEmpty();
        assertThat(plan.reason()).isEqualTo(Reason.ADOPTED);
        assertThat(plan.message()).contains("orders-live as blue").contains("without restarting");
    }

    @Test
    void aDeploymentAdoptedAsGreenServesAsGreenSoThatTheNextTransitionDeploysBlue() {
        var plan = Adoption.adopted(Color.GREEN, "ref-1", false, "orders-green", NOW);

        assertThat(plan.record().state()).isEqualTo(BlueGreenState.ACTIVE_GREEN);
        assertThat(plan.record().trafficColor()).isEqualTo(Color.GREEN);
        assertThat(plan.record().stableSpecRef()).isEqualTo("ref-1");
        assertThat(plan.reason()).isEqualTo(Reason.ADOPTED);
        assertThat(plan.message()).contains("orders-green as green");
        assertThat(Adoption.adopted(Color.GREEN, "r", true, "x", NOW).record().outputOwner())
                .isEqualTo(Color.GREEN);
    }

    @Test
    void aGatedAdoptionLetsBlueOwnTheOutput() {
        assertThat(Adoption.adopted(Color.BLUE, "r", true, "x", NOW).record().outputOwner())
                .isEqualTo(Color.BLUE);
    }

    @Test
    void waitingKeepsTheRecordAndLooksAgainLater() {
        var record = TransitionRecord.initial();

        var plan = Adoption.waiting(record, "its job is RESTARTING", Duration.ofSeconds(5));

        assertThat(plan.record()).isEqualTo(record);
        assertThat(plan.actions()).isEmpty();
        assertThat(plan.requeueAfter()).contains(Duration.ofSeconds(5));
        assertThat(plan.reason()).isEqualTo(Reason.ADOPTION_WAITING);
        assertThat(plan.message()).isEqualTo("waiting to adopt: its job is RESTARTING");
    }

    @Test
    void refusesMissingInputsNamingThem() {
        assertThatThrownBy(() -> Adoption.adopted(Color.BLUE, null, false, "x", NOW))
                .hasMessage("stableSpecRef == null");
        assertThatThrownBy(() -> Adoption.adopted(null, "r", false, "x", NOW))
                .hasMessage("color == null");
        assertThatThrownBy(() -> Adoption.waiting(null, "why", Duration.ZERO))
                .hasMessage("record == null");
    }
}
