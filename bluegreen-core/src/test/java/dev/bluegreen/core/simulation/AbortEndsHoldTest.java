package dev.bluegreen.core.simulation;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.PhaseDeadline;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TimeoutAction;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.TransitionRecord;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link Invariant#ABORT_ENDS_HOLD} as {@link TransitionSimulator#runUntilRestingAbortingHolds}.
 */
class AbortEndsHoldTest {

    /**
     * Deploys blue, then answers every decision in {@code TRANSITIONING_TO_BLUE} with {@code in}.
     */
    private static TransitionSimulator simulator(
            BiFunction<TransitionRecord, Observation, Plan> in) {
        BiFunction<TransitionRecord, Observation, Plan> decider =
                (record, o) ->
                        record.state() == BlueGreenState.INITIALIZING_BLUE
                                ? ScriptedDecider.decide(record, o)
                                : in.apply(record, o);
        return TransitionSimulator.builder().decider(() -> decider).build();
    }

    private static Plan stay(TransitionRecord record, Reason reason) {
        return new Plan(record, List.of(), Optional.empty(), reason, "");
    }

    @Test
    void aHoldThatOutlastsThreeAbortsBreaksTheInvariant() {
        // Given a decider that holds whatever the user does
        var sim = simulator((record, o) -> stay(record, Reason.DEADLINE_EXCEEDED_HOLD)).deploy();

        // When / Then
        assertThatThrownBy(sim::runUntilRestingAbortingHolds)
                .isInstanceOfSatisfying(
                        InvariantViolation.class,
                        v -> {
                            assertThat(v.invariant()).isEqualTo(Invariant.ABORT_ENDS_HOLD);
                            assertThat(v.getMessage())
                                    .contains("still not resting after 3 aborts of holds");
                            assertThat(v.trace().get(v.trace().size() - 1).events())
                                    .contains("user: abort abort-3");
                        });
    }

    @Test
    void anAbortedHoldThatNeverRestsBreaksTheInvariant() {
        // Given a decider that holds until an abort, then waits forever
        var sim =
                simulator(
                                (record, o) ->
                                        stay(
                                                record,
                                                o.commands().abort() == null
                                                        ? Reason.CHILD_FAILED_HOLD
                                                        : Reason.WAITING_FOR_READINESS))
                        .deploy();

        // When / Then
        assertThatThrownBy(sim::runUntilRestingAbortingHolds)
                .isInstanceOfSatisfying(
                        InvariantViolation.class,
                        v -> {
                            assertThat(v.invariant()).isEqualTo(Invariant.ABORT_ENDS_HOLD);
                            assertThat(v.getMessage())
                                    .contains(
                                            "still not resting after "
                                                    + TransitionSimulator.ABORTED_HOLD_STEPS
                                                    + " steps after the first abort of a hold");
                        });
    }

    @Test
    void abortsAreCountedPerChange() {
        // Given each of the first four aborts starts a new change that holds again; then it rests
        var sim =
                simulator(
                                (record, o) -> {
                                    String abort = o.commands().abort();
                                    if (abort == null || abort.equals(record.handledAbort())) {
                                        return stay(record, Reason.DEADLINE_EXCEEDED_HOLD);
                                    }
                                    if (abort.equals("abort-5")) {
                                        return ScriptedDecider.decide(record, o);
                                    }
                                    var next =
                                            record.toBuilder()
                                                    .transitionNumber(record.transitionNumber() + 1)
                                                    .handledAbort(abort)
                                                    .build();
                                    return stay(next, Reason.ABORTED_BY_USER);
                                })
                        .deploy();

        // When
        SimulationResult result = sim.runUntilRestingAbortingHolds();

        // Then
        assertThat(result.finalState()).isEqualTo(BlueGreenState.ACTIVE_BLUE);
        assertThat(result.record().transitionNumber()).isEqualTo(4);
        assertThat(result.trace())
                .filteredOn(line -> line.events().contains("user: abort abort-5"))
                .hasSize(1);
    }

    @Test
    void aChangeThatNeverRestsWithoutHoldingBreaksConvergence() {
        // Given
        var sim =
                TransitionSimulator.builder()
                        .convergenceBound(50, Duration.ofHours(1))
                        .decider(
                                () ->
                                        (record, o) ->
                                                record.state() == BlueGreenState.INITIALIZING_BLUE
                                                        ? ScriptedDecider.decide(record, o)
                                                        : stay(
                                                                record,
                                                                Reason.WAITING_FOR_READINESS))
                        .build()
                        .deploy();

        // When / Then
        assertThatThrownBy(sim::runUntilRestingAbortingHolds)
                .isInstanceOfSatisfying(
                        InvariantViolation.class,
                        v -> {
                            assertThat(v.invariant()).isEqualTo(Invariant.CONVERGENCE);
                            assertThat(v.getMessage()).contains("while aborting holds");
                        });
    }

    @Test
    void theEngineEndsAHeldTransitionUnderOneAbort() {
        // Given green never gets ready and the readiness deadline holds
        var policy =
                TransitionPolicy.defaults().toBuilder()
                        .readinessDeadline(
                                new PhaseDeadline(Duration.ofMinutes(2), TimeoutAction.HOLD))
                        .build();
        var sim =
                TransitionSimulator.builder()
                        .policy(policy)
                        .green(ChildScript.neverReady())
                        .build();
        sim.deploy().runUntilResting();
        sim.changeSpec(ChangeKind.TRANSITION);

        // When
        SimulationResult result = sim.runUntilRestingAbortingHolds();

        // Then
        assertThat(result.finalState()).isEqualTo(BlueGreenState.ACTIVE_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.reasons())
                .containsSubsequence(Reason.DEADLINE_EXCEEDED_HOLD, Reason.ABORTED_BY_USER);
        assertThat(result.trace())
                .filteredOn(line -> line.events().stream().anyMatch(e -> e.contains("abort")))
                .hasSize(1);
    }

    @Test
    void runningBeforeTheFirstDeploymentIsRefused() {
        var sim = TransitionSimulator.builder().build();

        assertThatThrownBy(sim::runUntilRestingAbortingHolds)
                .isInstanceOf(IllegalStateException.class);
    }
}
