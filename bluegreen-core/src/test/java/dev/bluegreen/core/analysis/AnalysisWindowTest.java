package dev.bluegreen.core.analysis;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.TransitionRecord;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** Which analysis stage runs for a persisted record, from when, and under which run key. */
class AnalysisWindowTest {
    private static final Instant READY = Instant.parse("2026-01-01T00:05:00Z");
    private static final Instant SWITCHED = Instant.parse("2026-01-01T00:09:00Z");

    /** TRANSITIONING_TO_GREEN of transition 3 (v2 -> v3) with blue serving. */
    private static TransitionRecord.Builder toGreen() {
        return TransitionRecord.initial().toBuilder()
                .state(BlueGreenState.TRANSITIONING_TO_GREEN)
                .transitionNumber(3)
                .stableSpecRef("v2")
                .targetSpecRef("v3")
                .trafficColor(Color.BLUE);
    }

    /** RETIRING_BLUE of transition 3 after traffic moved to green. */
    private static TransitionRecord.Builder retiringBlue() {
        return toGreen()
                .state(BlueGreenState.RETIRING_BLUE)
                .readySince(READY)
                .trafficColor(Color.GREEN)
                .trafficSwitchedAt(SWITCHED);
    }

    @Test
    void preWindowOpensWhenTheIncomingChildIsFirstReady() {
        var window = AnalysisWindow.of(toGreen().readySince(READY).build()).orElseThrow();

        assertThat(window.stage()).isEqualTo(AnalysisStage.PRE_PROMOTION);
        assertThat(window.start()).isEqualTo(READY);
        assertThat(window.candidate()).isEqualTo(Color.GREEN);
        assertThat(window.incumbent()).isEqualTo(Color.BLUE);
    }

    @Test
    void noPreWindowBeforeTheIncomingChildIsReady() {
        assertThat(AnalysisWindow.of(toGreen().build())).isEmpty();
    }

    @Test
    void noPreWindowOnTheFirstDeployment() {
        var first =
                TransitionRecord.initial().toBuilder()
                        .state(BlueGreenState.TRANSITIONING_TO_BLUE)
                        .transitionNumber(1)
                        .targetSpecRef("v0")
                        .readySince(READY)
                        .build();

        assertThat(AnalysisWindow.of(first)).isEmpty();
    }

    @Test
    void postWindowOpensAtTheSwitchAndJudgesTheNewServingChild() {
        var window = AnalysisWindow.of(retiringBlue().build()).orElseThrow();

        assertThat(window.stage()).isEqualTo(AnalysisStage.POST_PROMOTION);
        assertThat(window.start()).isEqualTo(SWITCHED);
        assertThat(window.candidate()).isEqualTo(Color.GREEN);
        assertThat(window.incumbent()).isEqualTo(Color.BLUE);
    }

    @Test
    void noPostWindowWhileARollbackRetiresTheRolledBackChild() {
        // ADVANCED rollback: RETIRING_GREEN with the target back on the stable spec
        var rollback =
                retiringBlue()
                        .state(BlueGreenState.RETIRING_GREEN)
                        .targetSpecRef("v2")
                        .trafficColor(Color.BLUE)
                        .build();

        assertThat(AnalysisWindow.of(rollback)).isEmpty();
    }

    @Test
    void noWindowInRestingStates() {
        for (BlueGreenState state :
                new BlueGreenState[] {
                    BlueGreenState.ACTIVE_BLUE,
                    BlueGreenState.ACTIVE_GREEN,
                    BlueGreenState.INITIALIZING_BLUE
                }) {
            assertThat(AnalysisWindow.of(retiringBlue().state(state).build()))
                    .as("%s", state)
                    .isEmpty();
        }
    }

    @Test
    void runKeysDifferPerTransitionStageAndTarget() {
        String pre3 = AnalysisWindow.of(toGreen().readySince(READY).build()).orElseThrow().key();
        String pre4 =
                AnalysisWindow.of(toGreen().readySince(READY).transitionNumber(4).build())
                        .orElseThrow()
                        .key();
        String pre3v4 =
                AnalysisWindow.of(toGreen().readySince(READY).targetSpecRef("v4").build())
                        .orElseThrow()
                        .key();
        String post3 = AnalysisWindow.of(retiringBlue().build()).orElseThrow().key();

        assertThat(java.util.Set.of(pre3, pre4, pre3v4, post3)).hasSize(4);
        assertThat(
                        AnalysisWindow.of(toGreen().readySince(READY.plusSeconds(30)).build())
                                .orElseThrow()
                                .key())
                .as("the same run keeps its key across reconciles")
                .isEqualTo(pre3);
    }
}
