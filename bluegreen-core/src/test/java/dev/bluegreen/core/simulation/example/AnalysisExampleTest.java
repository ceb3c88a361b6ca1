package dev.bluegreen.core.simulation.example;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.simulation.AnalysisScript;
import dev.bluegreen.core.simulation.TransitionSimulator;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class AnalysisExampleTest {

    @Test
    void greenFailingItsChecksBeforeTheSwitchNeverGetsTraffic() {
        // My pre-promotion checks find a problem 2 minutes after green is ready.
        var sim =
                TransitionSimulator.builder()
                        .prePromotion(AnalysisScript.failsAfter(Duration.ofMinutes(2)))
                        .build();
        sim.deploy().runUntilResting();

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(BlueGreenState.ACTIVE_BLUE);
        assertThat(result.reasons()).contains(Reason.ANALYSIS_FAILED);
        assertThat(result.reasons()).doesNotContain(Reason.TRAFFIC_SWITCHED);
    }

    @Test
    void greenGoingBadAfterTheSwitchIsRolledBackToBlue() {
        // Green passes before the switch; my post-promotion checks fail 5 minutes after it.
        var sim =
                TransitionSimulator.builder()
                        .prePromotion(AnalysisScript.passesAfter(Duration.ofMinutes(1)))
                        .postPromotion(AnalysisScript.failsAfter(Duration.ofMinutes(5)))
                        .build();
        sim.deploy().runUntilResting();

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.reasons())
                .containsSubsequence(Reason.TRAFFIC_SWITCHED, Reason.ANALYSIS_ROLLBACK);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.child(Color.BLUE).stableAndRunning()).isTrue();
    }
}
