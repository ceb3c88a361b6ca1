package dev.bluegreen.core;

import dev.bluegreen.core.Action.SwitchTraffic;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.AnalysisStateTableFixtures.post;
import static dev.bluegreen.core.AnalysisStateTableFixtures.pre;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.RETIRING_GREEN;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static dev.bluegreen.core.StateTableFixtures.soaked;
import static org.assertj.core.api.Assertions.assertThat;

/** How the engine uses the analysis verdicts before and after the switch (issue 28). */
class AnalysisDecisionTest {

    @Test
    void aReadyGreenDoesNotSwitchWhilePrePromotionChecksRun() {
        Plan plan =
                soaked(Scenarios.transitioning(GREEN))
                        .analysis(pre(AnalysisPhase.PENDING))
                        .decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.WAITING_FOR_ANALYSIS)
                .hasNoActions()
                .saysThat("pre-promotion analysis");
    }

    @Test
    void aFailedPrePromotionCheckAbortsEvenBeforeGreenIsReadyAndNamesTheCheck() {
        Plan plan =
                Scenarios.transitioning(GREEN)
                        .child(GREEN, Children.running("s2"))
                        .analysis(pre(AnalysisPhase.FAILED))
                        .decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ANALYSIS_FAILED)
                .saysThat("error-rate");
        assertThat(plan.actions()).noneMatch(SwitchTraffic.class::isInstance);
        assertThat(plan.record().failedSpecRef()).isEqualTo("s2");
    }

    @Test
    void aPromoteSkipsUnfinishedPrePromotionChecks() {
        Plan plan =
                soaked(Scenarios.transitioning(GREEN))
                        .analysis(pre(AnalysisPhase.RUNNING))
                        .promote("p1")
                        .decide();

        assertThat(plan).movesTo(RETIRING_BLUE).because(Reason.PROMOTED_BY_USER);
    }

    @Test
    void checksStillRunningAtTheCatchUpDeadlineRollBack() {
        Plan plan =
                soaked(Scenarios.transitioning(GREEN))
                        .after(Duration.ofHours(2))
                        .analysis(pre(AnalysisPhase.RUNNING))
                        .decide();

        assertThat(plan).movesTo(ACTIVE_BLUE).because(Reason.DEADLINE_EXCEEDED_ROLLBACK);
        assertThat(plan.message()).contains("pre-promotion analysis");
    }

    @Test
    void blueIsKeptPastItsDeletionDelayWhilePostPromotionChecksRun() {
        Given retiring = Scenarios.retiring(BLUE).after(Duration.ofMinutes(30));

        assertThat(retiring.analysis(post(AnalysisPhase.RUNNING)).decide())
                .movesTo(RETIRING_BLUE)
                .because(Reason.WAITING_FOR_ANALYSIS)
                .hasNoActions();
        assertThat(retiring.analysis(post(AnalysisPhase.SUCCESSFUL)).decide())
                .movesTo(ACTIVE_GREEN)
                .because(Reason.TRANSITION_COMPLETED);
    }

    @Test
    void aFailedPostPromotionCheckSwitchesTrafficBackToTheKeptBlue() {
        Plan plan = Scenarios.retiring(BLUE).analysis(post(AnalysisPhase.FAILED)).decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ANALYSIS_ROLLBACK)
                .saysThat("error-rate");
        assertThat(plan.actions()).contains(new SwitchTraffic(BLUE));
        assertThat(plan.record().failedSpecRef()).isEqualTo("s2");
    }

    @Test
    void inAdvancedModeAFailedPostPromotionCheckHandsTheOutputBackThroughTheGate() {
        Plan plan = Scenarios.retiring(BLUE).gated().analysis(post(AnalysisPhase.FAILED)).decide();

        // green keeps running until the gate gave the output back to blue and green drained
        assertThat(plan).movesTo(RETIRING_GREEN).because(Reason.ANALYSIS_ROLLBACK);
        assertThat(plan.actions()).contains(new SwitchTraffic(BLUE));
        assertThat(plan.record().outputOwner()).isEqualTo(BLUE);
    }

    @Test
    void noPostPromotionVerdictIsConsultedWhileARollbackRetires() {
        Plan forward =
                Scenarios.retiring(BLUE).gated().analysis(post(AnalysisPhase.FAILED)).decide();
        Plan next =
                Given.from(forward.record())
                        .gated()
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(BLUE, Children.running("s1"))
                        .child(GREEN, Children.running("s2"))
                        .analysis(post(AnalysisPhase.FAILED))
                        .decide();

        assertThat(next.reason()).isNotEqualTo(Reason.ANALYSIS_ROLLBACK);
    }
}
