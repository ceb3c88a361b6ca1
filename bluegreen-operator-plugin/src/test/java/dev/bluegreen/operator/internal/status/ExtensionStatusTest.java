package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static dev.bluegreen.operator.internal.status.StatusFixtures.PARENT;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T2;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T3;
import static dev.bluegreen.operator.internal.status.StatusFixtures.condition;
import static dev.bluegreen.operator.internal.status.StatusFixtures.plan;
import static dev.bluegreen.operator.internal.status.StatusFixtures.record;
import static dev.bluegreen.operator.internal.status.StatusFixtures.running;
import static dev.bluegreen.operator.internal.status.StatusFixtures.statusOf;
import static dev.bluegreen.operator.internal.status.StatusFixtures.steadyBlue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An extension that failed: Degraded with its text and one Warning event, cleared when it works.
 */
class ExtensionStatusTest {
    static final String THREW =
            "extension 'mine': readiness policy: threw java.lang.IllegalStateException: boom";

    static StatusInput policyFailed(FlinkBlueGreenDeploymentStatus previous, Instant now) {
        var transitioning = record(BlueGreenState.TRANSITIONING_TO_GREEN, Color.BLUE);
        String message = "green is stable and running; its readiness policy failed: " + THREW;
        return StatusInput.builder(PARENT, 2, now)
                .previous(previous)
                .plan(plan(transitioning, Reason.READINESS_FAILED, message))
                .blue(running("job-1"))
                .green(running("job-2"))
                .build();
    }

    static StatusInput customiserFailed(FlinkBlueGreenDeploymentStatus previous, Instant now) {
        return StatusInput.builder(PARENT, 2, now)
                .previous(previous)
                .blocked(new StatusInput.Blocked(StatusInput.EXTENSION_FAILED, THREW))
                .build();
    }

    @Test
    void aFailedReadinessPolicyIsDegradedWithOneWarningEventAndTrafficStays() {
        var before = statusOf(record(BlueGreenState.TRANSITIONING_TO_GREEN, Color.BLUE));

        var first = StatusMapper.map(policyFailed(before, T2));
        var again = StatusMapper.map(policyFailed(first.status(), T3));

        var degraded = condition(first.status(), "Degraded");
        assertThat(degraded.getStatus()).isEqualTo("True");
        assertThat(degraded.getReason()).isEqualTo("ReadinessPolicyFailed");
        assertThat(degraded.getMessage()).endsWith(THREW);
        assertThat(first.events())
                .filteredOn(e -> e.reason().equals("ReadinessPolicyFailed"))
                .singleElement()
                .satisfies(e -> assertThat(e.type()).isEqualTo(EventSpec.WARNING));
        assertThat(again.events()).noneMatch(e -> e.reason().equals("ReadinessPolicyFailed"));
        assertThat(first.status().getActiveColor()).isEqualTo("BLUE");
    }

    @Test
    void aFailedCustomiserHoldsTheRecordDegradedWithOneWarningEvent() {
        var before = steadyBlue();

        var first = StatusMapper.map(customiserFailed(before, T2));
        var again = StatusMapper.map(customiserFailed(first.status(), T3));

        var degraded = condition(first.status(), "Degraded");
        assertThat(degraded.getStatus()).isEqualTo("True");
        assertThat(degraded.getReason()).isEqualTo("ExtensionFailed");
        assertThat(degraded.getMessage()).isEqualTo(THREW);
        var progressing = condition(first.status(), "Progressing");
        assertThat(progressing.getStatus()).isEqualTo("False");
        assertThat(progressing.getReason()).isEqualTo("ExtensionFailed");
        assertThat(first.status().getTransition()).isEqualTo(before.getTransition());
        assertThat(first.events())
                .filteredOn(e -> e.reason().equals("ExtensionFailed"))
                .singleElement()
                .satisfies(e -> assertThat(e.type()).isEqualTo(EventSpec.WARNING));
        assertThat(again.events()).isEmpty();
    }

    @Test
    void aWorkingExtensionClearsDegraded() {
        var failed = StatusMapper.map(customiserFailed(steadyBlue(), T2)).status();

        var healed =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 2, T3)
                                .previous(failed)
                                .plan(plan(BlueGreenState.ACTIVE_BLUE, Color.BLUE, Reason.STEADY))
                                .blue(running("job-1"))
                                .build());

        assertThat(condition(healed.status(), "Degraded").getStatus()).isEqualTo("False");
        assertThat(condition(healed.status(), "Degraded").getReason()).isEqualTo("Healthy");
    }

    @Test
    void anotherBlockerIsNotDegraded() {
        var quota =
                StatusInput.builder(PARENT, 2, T2)
                        .previous(steadyBlue())
                        .blocked(new StatusInput.Blocked("InsufficientQuota", "needs 4 CPU"))
                        .build();

        assertThat(condition(StatusMapper.map(quota).status(), "Degraded").getStatus())
                .isEqualTo("False");
    }
}
