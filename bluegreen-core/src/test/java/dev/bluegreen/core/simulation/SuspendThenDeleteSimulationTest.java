package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TransitionPolicy;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Retention SUSPEND_THEN_DELETE in the simulator: the retired child is stopped with a savepoint,
 * deleted only once observed suspended ({@link Invariant#SAVEPOINT_BEFORE_DELETE}), in BASIC and
 * ADVANCED mode, and a decider that cancels instead is caught.
 */
class SuspendThenDeleteSimulationTest {
    private static final TransitionPolicy STD =
            TransitionPolicy.builder().retention(Retention.SUSPEND_THEN_DELETE).build();

    private static TransitionSimulator activeBlue(TransitionSimulator.Builder builder) {
        var sim = builder.build();
        assertThat(sim.deploy().runUntilResting().finalState()).isEqualTo(ACTIVE_BLUE);
        return sim;
    }

    private static int stepWith(SimulationResult result, Action action) {
        return result.trace().stream()
                .filter(l -> l.actions().contains(action))
                .mapToInt(TraceLine::step)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no step with " + action));
    }

    @Test
    void basicTransitionStopsBlueWithASavepointThenDeletesIt() {
        var sim = activeBlue(TransitionSimulator.builder().policy(STD));

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.child(Color.BLUE).exists()).isFalse();
        int suspended = stepWith(result, new Action.SuspendChild(Color.BLUE));
        int deleted = stepWith(result, new Action.DeleteChild(Color.BLUE));
        assertThat(suspended).isLessThan(deleted);
        assertThat(result.reasons())
                .containsSubsequence(Reason.TRANSITION_COMPLETED, Reason.LEFTOVER_DELETED);
        assertThat(result.trace().get(deleted - 1).events())
                .anySatisfy(
                        e ->
                                assertThat(e)
                                        .startsWith("blue: ")
                                        .endsWith(
                                                "observed, suspended (stopped with a savepoint)"));
    }

    @Test
    void advancedTransitionStopsTheDrainedBlueWithASavepointThenDeletesIt() {
        var gated = STD.toBuilder().gatedHandover(true).build();
        var sim = activeBlue(TransitionSimulator.builder().policy(gated));

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.child(Color.BLUE).exists()).isFalse();
        assertThat(result.reasons())
                .containsSubsequence(
                        Reason.WAITING_FOR_DRAIN,
                        Reason.TRANSITION_COMPLETED,
                        Reason.LEFTOVER_DELETED);
        assertThat(stepWith(result, new Action.SuspendChild(Color.BLUE)))
                .isLessThan(stepWith(result, new Action.DeleteChild(Color.BLUE)));
    }

    @Test
    void aTransitionStartedWhileTheLeftoverStopsWaitsForIt() {
        // Given green serves and the leftover blue is still stopping: its operator is slow
        var sim = activeBlue(TransitionSimulator.builder().policy(STD));
        sim.changeSpec(ChangeKind.TRANSITION);
        while (sim.record().state() != RETIRING_BLUE) {
            sim.step();
        }
        var slow = ChildScript.readyAfter(Duration.ofSeconds(20));
        sim.script(Color.BLUE, slow.withReconcileDelay(Duration.ofMinutes(5)));
        while (sim.record().state() != ACTIVE_GREEN) {
            sim.step();
        }
        assertThat(sim.result().child(Color.BLUE).suspendedBySpec()).isTrue();

        // When the next transition asks for blue again
        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        // Then
        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.record().stableSpecRef()).isEqualTo("v2");
        assertThat(result.reasons())
                .containsSubsequence(
                        Reason.WAITING_FOR_LEFTOVER,
                        Reason.LEFTOVER_DELETED,
                        Reason.SAVEPOINT_REQUESTED,
                        Reason.TRANSITION_COMPLETED);
    }

    @Test
    void aDeciderThatCancelsInsteadOfStoppingBreaksSavepointBeforeDelete() {
        var sim =
                activeBlue(
                        TransitionSimulator.builder().policy(STD).decider(DeletingEngine.of(STD)));

        assertThatThrownBy(() -> sim.changeSpec(ChangeKind.TRANSITION).runUntilResting())
                .isInstanceOfSatisfying(
                        InvariantViolation.class,
                        v -> {
                            assertThat(v.invariant()).isEqualTo(Invariant.SAVEPOINT_BEFORE_DELETE);
                            assertThat(v.getMessage())
                                    .contains("DeleteChild[color=BLUE] deletes a child whose job");
                        });
    }

    @Test
    void cancellingIsAllowedWithoutTransactionalRetention() {
        var delete = TransitionPolicy.defaults();
        var sim =
                activeBlue(
                        TransitionSimulator.builder()
                                .policy(delete)
                                .decider(DeletingEngine.of(delete)));

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
    }

    @Test
    void randomSchedulesWithSuspendThenDeleteKeepEveryInvariant() {
        var basic = ScheduleSweep.run(1_000, seed -> std(RandomSchedule.randomPolicy(seed)));
        var advanced =
                ScheduleSweep.run(500, seed -> std(RandomSchedule.randomAdvancedPolicy(seed)));

        basic.assertClean();
        advanced.assertClean();
    }

    private static TransitionPolicy std(TransitionPolicy policy) {
        return policy.toBuilder().retention(Retention.SUSPEND_THEN_DELETE).build();
    }
}
