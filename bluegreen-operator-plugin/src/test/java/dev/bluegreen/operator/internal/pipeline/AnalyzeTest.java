package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.analysis.AnalysisStage;
import dev.bluegreen.core.analysis.MeasurementPhase;
import dev.bluegreen.operator.internal.analysis.AnalysisRuns;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.Read;
import dev.bluegreen.operator.internal.status.RecordCodec;
import dev.bluegreen.operator.internal.validate.SpecValidator;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static dev.bluegreen.operator.internal.pipeline.AnalysisFixtures.NOW;
import static dev.bluegreen.operator.internal.pipeline.AnalysisFixtures.check;
import static dev.bluegreen.operator.internal.pipeline.AnalysisFixtures.preParent;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The analyze stage measures exactly the due checks through the reconcile's runner, keeps a run's
 * progress across reconciles by its key, and hands the engine the stage's verdict.
 */
class AnalyzeTest {
    final Observations.Fakes fakes = ObserveTest.fakes();
    final AnalysisFixtures.Runner runner = new AnalysisFixtures.Runner();

    AnalyzeTest() {
        fakes.runner = runner;
    }

    @Test
    void aDueCheckIsMeasuredOnceAndItsRunGoesIntoTheObservation() {
        var parent = preParent(2, NOW.minusSeconds(60), check("error-rate", "30s", 3));

        var run = pre(analyze(parent, NOW));

        assertThat(runner.measured).containsExactly("error-rate");
        assertThat(fakes.read).contains(Read.ANALYSIS);
        var request = runner.requests.get(0);
        assertThat(request.stage()).isEqualTo(AnalysisStage.PRE_PROMOTION);
        assertThat(request.candidate()).isEqualTo(Color.GREEN);
        assertThat(request.candidateChild()).isEqualTo("orders-green");
        assertThat(request.incumbentChild()).isEqualTo("orders-blue");
        assertThat(run.getKey())
                .isEqualTo("prePromotion/2/" + AnalysisFixtures.target(parent) + "/green");
        assertThat(run.getStartedAt()).isEqualTo(NOW.minusSeconds(60).toString());
        assertThat(run.getPhase()).isEqualTo("Running");
        var check = run.getChecks().get(0);
        assertThat(check.getProvider()).isEqualTo("web");
        assertThat(check.getSuccessful()).isEqualTo(1);
        assertThat(check.getMeasurements()).singleElement().extracting("value").isEqualTo("[1]");
        assertThat(check.getNextMeasurementAt()).isEqualTo(NOW.plusSeconds(30).toString());
    }

    @Test
    void aCheckIsMeasuredAgainOnlyWhenItsNextMeasurementIsDue() {
        var parent = preParent(2, NOW.minusSeconds(60), check("error-rate", "30s", 3));
        parent.getStatus().setAnalysis(analyze(parent, NOW));
        runner.measured.clear();
        fakes.read.clear();

        var early = pre(analyze(parent, NOW.plusSeconds(29)));

        assertThat(runner.measured).isEmpty();
        assertThat(fakes.read).doesNotContain(Read.ANALYSIS);
        assertThat(early).isEqualTo(parent.getStatus().getAnalysis().getPrePromotion());

        var due = pre(analyze(parent, NOW.plusSeconds(30)));

        assertThat(runner.measured).containsExactly("error-rate");
        assertThat(due.getChecks().get(0).getSuccessful()).isEqualTo(2);
        assertThat(due.getChecks().get(0).getNextMeasurementAt())
                .isEqualTo(NOW.plusSeconds(60).toString());
    }

    @Test
    void aRunOfAnotherKeyIsReplacedByAFreshRun() {
        var first = preParent(1, NOW.minusSeconds(600), check("error-rate", "30s", 3));
        var old = analyze(first, NOW.minusSeconds(600));
        var parent = preParent(2, NOW.minusSeconds(60), check("error-rate", "30s", 3));
        parent.getStatus().setAnalysis(old);

        var run = pre(analyze(parent, NOW));

        assertThat(run.getKey()).startsWith("prePromotion/2/");
        assertThat(run.getChecks().get(0).getSuccessful()).isEqualTo(1);
        assertThat(run.getChecks().get(0).getMeasurements()).hasSize(1);
    }

    @Test
    void theOtherStagesRunIsKeptAsItIs() {
        var parent = preParent(2, NOW.minusSeconds(60), check("error-rate", "30s", 3));
        var post = new AnalysisRunStatus();
        post.setKey("postPromotion/1/old/blue");
        post.setPhase("Successful");
        var status = new AnalysisStatus();
        status.setPostPromotion(post);
        parent.getStatus().setAnalysis(status);

        var analysis = analyze(parent, NOW);

        assertThat(analysis.getPostPromotion()).isEqualTo(post);
        assertThat(analysis.getPrePromotion()).isNotNull();
    }

    @Test
    void aFailedCheckFailsTheStageAndTheEngineAbortsNamingTheCheckAndItsValues() {
        var parent = preParent(2, NOW.minusSeconds(60), check("error-rate", "30s", 3));
        runner.then(MeasurementPhase.FAILED, "[0.42]");

        var decided = DecideStage.decide(analysed(parent, NOW), round(NOW));

        var run = pre(decided.observed().value().analysis());
        assertThat(run.getPhase()).isEqualTo("Failed");
        assertThat(run.getMessage()).isEqualTo("check error-rate failed: last values [0.42]");
        assertThat(run.getChecks().get(0).getNextMeasurementAt()).isNull();
        var plan = ((Outcome.Decided) decided).decision().plan();
        assertThat(plan.reason()).isEqualTo(Reason.ANALYSIS_FAILED);
        assertThat(plan.message()).contains("check error-rate failed: last values [0.42]");
    }

    @Test
    void aRunningCheckHoldsTheSwitchAndTheNextMeasurementIsTheRequeue() {
        var parent = preParent(2, NOW.minusSeconds(60), check("error-rate", "30s", 3));

        var decided = (Outcome.Decided) DecideStage.decide(analysed(parent, NOW), round(NOW));

        assertThat(decided.decision().plan().reason()).isEqualTo(Reason.WAITING_FOR_ANALYSIS);
        var record = RecordCodec.read(parent.getStatus());
        assertThat(AnalysisRuns.nextMeasurement(decided.observed().value().analysis(), record))
                .contains(NOW.plusSeconds(30));
    }

    @Test
    void aPassingRunLetsTheEngineSwitch() {
        var parent = preParent(2, NOW.minusSeconds(60), check("error-rate", null, 1));

        var decided = (Outcome.Decided) DecideStage.decide(analysed(parent, NOW), round(NOW));

        assertThat(pre(decided.observed().value().analysis()).getPhase()).isEqualTo("Successful");
        assertThat(decided.decision().plan().reason()).isEqualTo(Reason.TRAFFIC_SWITCHED);
    }

    @Test
    void afterTheSwitchThePostChecksJudgeTheNewServingChildAndTheOldOneIsKept() {
        var parent = AnalysisFixtures.postParent(2, NOW.minusSeconds(10), check("lag", "30s", 2));

        var decided = (Outcome.Decided) DecideStage.decide(analysed(parent, NOW), round(NOW));

        var request = runner.requests.get(0);
        assertThat(request.stage()).isEqualTo(AnalysisStage.POST_PROMOTION);
        assertThat(request.candidateChild()).isEqualTo("orders-green");
        assertThat(request.incumbentChild()).isEqualTo("orders-blue");
        var analysis = decided.observed().value().analysis();
        assertThat(analysis.getPrePromotion()).isNull();
        assertThat(analysis.getPostPromotion().getPhase()).isEqualTo("Running");
        assertThat(decided.decision().plan().reason()).isEqualTo(Reason.WAITING_FOR_ANALYSIS);
        assertThat(decided.decision().plan().actions()).isEmpty();
    }

    @Test
    void nothingIsMeasuredAtRestWithoutAnalysisOrOutsideAnAnalysisStage() {
        var parent = preParent(2, NOW.minusSeconds(60), check("error-rate", "30s", 3));
        var observed = Observe.observe(parent, round(NOW));
        var atRest = new Outcome.AtRest(observed);
        assertThat(Analyze.analyze(atRest, round(NOW))).isSameAs(atRest);

        var without = preParent(2, NOW.minusSeconds(60));
        without.getSpec().setAnalysis(null);
        analyze(without, NOW);

        var active = Observations.parent(BlueGreenState.ACTIVE_BLUE, Map.of());
        active.getSpec().setAnalysis(preParent(1, NOW).getSpec().getAnalysis());
        analyze(active, NOW);

        assertThat(runner.measured).isEmpty();
        assertThat(fakes.read).doesNotContain(Read.ANALYSIS);
    }

    @Test
    void beforeTheIncomingChildIsReadyThePreChecksArePendingAndNothingIsMeasured() {
        var parent = preParent(2, NOW, check("error-rate", "30s", 3));
        var record = RecordCodec.read(parent.getStatus()).toBuilder().readySince(null).build();
        parent.getStatus().setTransition(RecordCodec.write(record));

        var analysed = analysed(parent, NOW);

        assertThat(runner.measured).isEmpty();
        assertThat(analysed.observed().value().analysis()).isNull();
    }

    /** {@code status.analysis} after analysing {@code parent} at {@code now}. */
    AnalysisStatus analyze(FlinkBlueGreenDeployment parent, Instant now) {
        return analysed(parent, now).observed().value().analysis();
    }

    Outcome analysed(FlinkBlueGreenDeployment parent, Instant now) {
        var observed = Observe.observe(parent, round(now));
        var undecided = new Outcome.Undecided(observed, observed.options().settings());
        return Analyze.analyze(undecided, round(now));
    }

    Round round(Instant now) {
        return new Round(fakes, fakes, () -> null, SpecValidator.withoutSchema(), () -> fakes, now);
    }

    static AnalysisRunStatus pre(AnalysisStatus status) {
        return status.getPrePromotion();
    }
}
