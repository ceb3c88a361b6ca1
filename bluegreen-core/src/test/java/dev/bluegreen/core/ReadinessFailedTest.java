package dev.bluegreen.core;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Color.GREEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A readiness policy that failed counts as not ready, never as ready, with its own reason. */
class ReadinessFailedTest {
    private static final ReadinessPolicy FAILS = input -> new ReadinessVerdict.Failed("boom");

    private static Given failingPolicy() {
        return Scenarios.transitioning(GREEN)
                .child(GREEN, running("s2"))
                .policy(p -> p.readiness(FAILS));
    }

    @Test
    void aFailedPolicyKeepsTheTransitionWaitingWithItsOwnWarningReason() {
        Plan plan = failingPolicy().after(Duration.ofMinutes(1)).decide();

        assertThat(plan.reason()).isEqualTo(Reason.READINESS_FAILED);
        assertThat(plan.reason().warning()).isTrue();
        assertThat(plan.next()).isEqualTo(BlueGreenState.TRANSITIONING_TO_GREEN);
        assertThat(plan.actions()).isEmpty();
        assertThat(plan.message()).contains("readiness policy failed: boom");
    }

    @Test
    void aFailedPolicyTimesOutAtTheCatchUpDeadlineLikeANotReadyOne() {
        Plan plan =
                failingPolicy()
                        .record(r -> r.readySince(Given.T0))
                        .after(Duration.ofMinutes(11))
                        .decide();

        assertThat(plan.reason()).isNotIn(Reason.READINESS_FAILED, Reason.TRAFFIC_SWITCHED);
        assertThat(plan.message()).contains("did not catch up").contains("boom");
    }

    @Test
    void allOfStopsAtAFailedPolicy() {
        ReadinessPolicy ready = input -> ReadinessVerdict.ready();
        var verdict =
                ReadinessPolicies.allOf(ready, FAILS, ready)
                        .evaluate(running("s2"), running("s1"), Given.T0, Given.T0);

        assertThat(verdict).isEqualTo(new ReadinessVerdict.Failed("boom"));
    }

    @Test
    void aFailedVerdictNeedsAReason() {
        assertThatThrownBy(() -> new ReadinessVerdict.Failed(null)).hasMessageContaining("why");
    }
}
