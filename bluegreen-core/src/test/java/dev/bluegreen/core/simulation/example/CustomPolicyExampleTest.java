package dev.bluegreen.core.simulation.example;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.PhaseDeadline;
import dev.bluegreen.core.ReadinessPolicies;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.simulation.ChildScript;
import dev.bluegreen.core.simulation.TransitionSimulator;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class CustomPolicyExampleTest {
    // My policy: soak a new version for 2 minutes, give up on it after 5 minutes.
    private final TransitionPolicy policy =
            TransitionPolicy.builder()
                    .readiness(ReadinessPolicies.stableAndRunningFor(Duration.ofMinutes(2)))
                    .readinessDeadline(PhaseDeadline.rollbackAfter(Duration.ofMinutes(5)))
                    .build();

    @Test
    void healthyNewVersionGetsTrafficAfterTheSoak() {
        var sim = TransitionSimulator.builder().policy(policy).build();
        sim.deploy().runUntilResting();

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(BlueGreenState.ACTIVE_GREEN);
        assertThat(result.trafficColor()).contains(Color.GREEN);
    }

    @Test
    void brokenNewVersionRollsBackWhileBlueKeepsServing() {
        var sim =
                TransitionSimulator.builder()
                        .policy(policy)
                        .green(ChildScript.neverReady())
                        .build();
        sim.deploy().runUntilResting();

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(BlueGreenState.ACTIVE_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.reasons()).contains(Reason.DEADLINE_EXCEEDED_ROLLBACK);
    }
}
