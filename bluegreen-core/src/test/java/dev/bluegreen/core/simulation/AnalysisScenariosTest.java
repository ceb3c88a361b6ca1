package dev.bluegreen.core.simulation;

import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.PhaseDeadline;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.analysis.AnalysisStage;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pre- and post-promotion analysis with the real engine, run through the simulator with every
 * invariant (the analysis invariants included): the verdicts come from {@link AnalysisScript}s.
 */
class AnalysisScenariosTest {

    /** A simulator from {@code builder} with v0 deployed on blue, then a transition to v1. */
    private static TransitionSimulator transitioning(TransitionSimulator.Builder builder) {
        var sim = builder.build();
        assertThat(sim.deploy().runUntilResting().finalState()).isEqualTo(ACTIVE_BLUE);
        return sim.changeSpec(ChangeKind.TRANSITION);
    }

    /** The last step with {@code reason}. */
    private static TraceLine lastWith(SimulationResult result, Reason reason) {
        return result.trace().stream()
                .filter(line -> line.reason() == reason)
                .reduce((a, b) -> b)
                .orElseThrow(
                        () -> new AssertionError(reason + " not in\n" + result.printableTrace()));
    }

    /** The first step that notes an event starting with {@code prefix}. */
    private static TraceLine firstNoting(SimulationResult result, String prefix) {
        return result.trace().stream()
                .filter(line -> line.events().stream().anyMatch(e -> e.startsWith(prefix)))
                .findFirst()
                .orElseThrow(
                        () -> new AssertionError(prefix + " not in\n" + result.printableTrace()));
    }

    @Test
    void failingPreChecksAbortWithoutASwitch() {
        var sim =
                transitioning(
                        TransitionSimulator.builder()
                                .prePromotion(AnalysisScript.failsAfter(ofMinutes(1))));

        var result = sim.runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.reasons()).contains(Reason.ANALYSIS_FAILED);
        assertThat(result.reasons()).doesNotContain(Reason.TRAFFIC_SWITCHED);
        assertThat(result.record().failedSpecRef()).isEqualTo("v1");
        assertThat(result.child(Color.GREEN).exists()).isFalse();
    }

    @Test
    void passingPreChecksSwitchOnlyOnceTheyPassed() {
        var sim =
                transitioning(
                        TransitionSimulator.builder()
                                .prePromotion(AnalysisScript.passesAfter(ofMinutes(3))));

        var result = sim.runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.trafficColor()).contains(Color.GREEN);
        TraceLine waiting = lastWith(result, Reason.WAITING_FOR_ANALYSIS);
        TraceLine passed = firstNoting(result, "analysis: prePromotion scripted checks successful");
        TraceLine switched = lastWith(result, Reason.TRAFFIC_SWITCHED);
        assertThat(waiting.step()).isLessThan(switched.step());
        assertThat(switched.step())
                .as("the switch comes once the checks passed")
                .isGreaterThanOrEqualTo(passed.step());
    }

    @Test
    void aFirstDeploymentIsNotAnalysed() {
        var sim =
                TransitionSimulator.builder()
                        .prePromotion(AnalysisScript.failsAfter(Duration.ZERO))
                        .build();

        var result = sim.deploy().runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.reasons()).doesNotContain(Reason.ANALYSIS_FAILED);
    }

    @Test
    void inconclusivePreChecksHoldUntilThePromote() {
        var sim =
                transitioning(
                        TransitionSimulator.builder()
                                .prePromotion(AnalysisScript.inconclusiveAfter(ofMinutes(1))));

        var held = sim.runFor(ofMinutes(30));
        assertThat(held.finalState()).isEqualTo(TRANSITIONING_TO_GREEN);
        assertThat(held.trafficColor()).contains(Color.BLUE);
        assertThat(held.reasons()).contains(Reason.ANALYSIS_INCONCLUSIVE);

        var result = sim.promote().runUntilResting();
        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.reasons()).contains(Reason.PROMOTED_BY_USER);
    }

    @Test
    void aPromoteSkipsPreChecksThatNeverFinish() {
        var sim = transitioning(TransitionSimulator.builder().prePromotion(AnalysisScript.never()));
        sim.runFor(ofMinutes(2));

        var result = sim.promote().runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.trafficColor()).contains(Color.GREEN);
    }

    @Test
    void preChecksThatNeverFinishAbortAtTheCatchUpDeadline() {
        var policy =
                TransitionPolicy.builder()
                        .catchUp(PhaseDeadline.rollbackAfter(ofMinutes(5)))
                        .build();
        var sim =
                transitioning(
                        TransitionSimulator.builder()
                                .policy(policy)
                                .prePromotion(AnalysisScript.never()));

        var result = sim.runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.reasons()).contains(Reason.DEADLINE_EXCEEDED_ROLLBACK);
    }

    @Test
    void failingPostChecksRollBackToTheKeptBlue() {
        var sim =
                transitioning(
                        TransitionSimulator.builder()
                                .postPromotion(AnalysisScript.failsAfter(ofMinutes(2))));

        var result = sim.runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.reasons())
                .containsSubsequence(Reason.TRAFFIC_SWITCHED, Reason.ANALYSIS_ROLLBACK);
        assertThat(result.child(Color.BLUE).stableAndRunning()).isTrue();
    }

    @Test
    void runningPostChecksKeepBluePastTheDeletionDelay() {
        var sim =
                transitioning(
                        TransitionSimulator.builder()
                                .policy(
                                        TransitionPolicy.builder()
                                                .deletionDelay(ofSeconds(30))
                                                .build())
                                .postPromotion(AnalysisScript.passesAfter(ofMinutes(20))));

        var during = sim.runFor(ofMinutes(10));
        assertThat(during.finalState()).isEqualTo(RETIRING_BLUE);
        assertThat(during.trafficColor()).contains(Color.GREEN);
        assertThat(during.child(Color.BLUE).stableAndRunning()).isTrue();
        assertThat(during.reasons()).contains(Reason.WAITING_FOR_ANALYSIS);

        var result = sim.runUntilResting();
        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.child(Color.BLUE).exists()).isFalse();
        Duration switched = lastWith(result, Reason.TRAFFIC_SWITCHED).elapsed();
        assertThat(lastWith(result, Reason.TRANSITION_COMPLETED).elapsed())
                .as("blue is retired once the post checks passed, 20 min after the switch")
                .isGreaterThanOrEqualTo(switched.plus(ofMinutes(20)));
    }

    @Test
    void inconclusivePostChecksKeepBlueUntilTheAbortSwitchesBack() {
        var sim =
                transitioning(
                        TransitionSimulator.builder()
                                .postPromotion(AnalysisScript.inconclusiveAfter(ofMinutes(1))));

        var held = sim.runFor(ofMinutes(30));
        assertThat(held.finalState()).isEqualTo(RETIRING_BLUE);
        assertThat(held.child(Color.BLUE).stableAndRunning()).isTrue();

        var result = sim.abort().runUntilResting();
        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
    }

    @Test
    void failingPostChecksRollBackThroughTheGateInAdvancedMode() {
        var policy = TransitionPolicy.builder().gatedHandover(true).build();
        var sim =
                transitioning(
                        TransitionSimulator.builder()
                                .policy(policy)
                                .postPromotion(AnalysisScript.errsAfter(ofMinutes(2))));

        var result = sim.runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.reasons()).contains(Reason.ANALYSIS_ROLLBACK);
    }

    @Test
    void eachTransitionRunsItsOwnChecks() {
        var sim =
                transitioning(
                        TransitionSimulator.builder()
                                .prePromotion(AnalysisScript.passesAfter(ofMinutes(1))));
        assertThat(sim.runUntilResting().finalState()).isEqualTo(ACTIVE_GREEN);

        sim.analysis(AnalysisStage.PRE_PROMOTION, AnalysisScript.failsAfter(ofMinutes(1)));
        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.record().failedSpecRef()).isEqualTo("v2");
        assertThat(result.trace().stream().flatMap(l -> l.events().stream()).toList())
                .filteredOn(e -> e.startsWith("analysis: prePromotion"))
                .containsExactly(
                        "analysis: prePromotion scripted checks successful after PT1M",
                        "analysis: prePromotion scripted checks failed after PT1M");
    }
}
