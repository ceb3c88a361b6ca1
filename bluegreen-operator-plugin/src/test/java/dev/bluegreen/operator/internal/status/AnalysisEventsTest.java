package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import org.junit.jupiter.api.Test;

import static dev.bluegreen.operator.internal.status.StatusFixtures.PARENT;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T2;
import static dev.bluegreen.operator.internal.status.StatusFixtures.plan;
import static dev.bluegreen.operator.internal.status.StatusFixtures.record;
import static dev.bluegreen.operator.internal.status.StatusFixtures.statusOf;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code status.analysis} is written as given and kept otherwise; a run that ends emits its event
 * once, with the stage, the checks and their last values.
 */
class AnalysisEventsTest {
    static final String FAILED = "check error-rate failed: last values [0.31], [0.42]";

    static AnalysisStatus pre(String key, String phase, String message) {
        var run = new AnalysisRunStatus();
        run.setKey(key);
        run.setPhase(phase);
        run.setMessage(message);
        var status = new AnalysisStatus();
        status.setPrePromotion(run);
        return status;
    }

    static StatusUpdate map(FlinkBlueGreenDeploymentStatus previous, AnalysisStatus analysis) {
        var record = record(BlueGreenState.TRANSITIONING_TO_GREEN, Color.BLUE);
        return StatusMapper.map(
                StatusInput.builder(PARENT, 1, T2)
                        .previous(previous)
                        .plan(plan(record, Reason.WAITING_FOR_ANALYSIS, "waiting"))
                        .analysis(analysis)
                        .build());
    }

    static FlinkBlueGreenDeploymentStatus previous(AnalysisStatus analysis) {
        var status = statusOf(record(BlueGreenState.TRANSITIONING_TO_GREEN, Color.BLUE));
        status.setAnalysis(analysis);
        return status;
    }

    @Test
    void aRunThatFailsEmitsAnalysisFailedOnceNamingTheStageCheckAndValues() {
        var running = pre("k1", "Running", "measuring error-rate 1 measured");
        var failed = pre("k1", "Failed", FAILED);

        var update = map(previous(running), failed);

        assertThat(update.status().getAnalysis()).isEqualTo(failed);
        assertThat(update.events())
                .contains(
                        EventSpec.warning(
                                AnalysisEvents.FAILED, "prePromotion analysis: " + FAILED));
        assertThat(map(update.status(), failed).events())
                .noneMatch(e -> e.reason().startsWith("Analysis"));
    }

    @Test
    void passedIsNormalAndInconclusiveAndErrorAreWarnings() {
        var before = previous(pre("k1", "Running", ""));

        assertThat(map(before, pre("k1", "Successful", "passed")).events())
                .contains(EventSpec.normal(AnalysisEvents.PASSED, "prePromotion analysis: passed"));
        assertThat(map(before, pre("k1", "Inconclusive", "check x inconclusive")).events())
                .contains(
                        EventSpec.warning(
                                AnalysisEvents.INCONCLUSIVE,
                                "prePromotion analysis: check x inconclusive"));
        assertThat(map(before, pre("k1", "Error", "check x erred")).events())
                .contains(
                        EventSpec.warning(
                                AnalysisEvents.FAILED, "prePromotion analysis: check x erred"));
    }

    @Test
    void aNewRunEndingInThePhaseTheOldOneEndedInEmitsAgain() {
        var update = map(previous(pre("k1", "Failed", FAILED)), pre("k2", "Failed", FAILED));

        assertThat(update.events()).anyMatch(e -> e.reason().equals(AnalysisEvents.FAILED));
    }

    @Test
    void aRunStillMeasuringEmitsNothing() {
        var update = map(previous(null), pre("k1", "Running", "measuring"));

        assertThat(update.events()).noneMatch(e -> e.reason().startsWith("Analysis"));
    }

    @Test
    void aStatusWrittenWithoutAnalysisKeepsThePreviousRuns() {
        var kept = pre("k1", "Failed", FAILED);

        var update = map(previous(kept), null);

        assertThat(update.status().getAnalysis()).isEqualTo(kept);
        assertThat(update.events()).noneMatch(e -> e.reason().startsWith("Analysis"));
        assertThat(map(null, null).status().getAnalysis()).isNull();
    }

    @Test
    void aFailedPreAnalysisAbortSaysUpgradeAbortedAndRollbackToTheServingColour() {
        var previous = previous(pre("k1", "Failed", FAILED));
        var aborted =
                plan(
                        record(BlueGreenState.ACTIVE_BLUE, Color.BLUE),
                        Reason.ANALYSIS_FAILED,
                        "green failed its pre-promotion analysis: " + FAILED);

        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T2)
                                .previous(previous)
                                .plan(aborted)
                                .build());

        assertThat(update.events())
                .extracting(EventSpec::reason)
                .containsExactly("UpgradeAborted", StatusEvents.rollbackReason(Color.BLUE));
    }
}
