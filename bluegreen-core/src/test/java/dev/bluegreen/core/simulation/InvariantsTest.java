package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.TransitionRecord;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Each invariant catches a decider that breaks it. */
class InvariantsTest {

    /** The scripted decider, except that in ACTIVE_X it answers with {@code actions}. */
    private static BiFunction<TransitionRecord, Observation, Plan> activeDoing(
            BlueGreenState next, Action... actions) {
        return (record, o) ->
                record.state() == BlueGreenState.ACTIVE_BLUE
                                && o.desired().change() != ChangeKind.IGNORE
                        ? new Plan(
                                record.toBuilder().state(next).build(),
                                List.of(actions),
                                Optional.empty(),
                                Reason.STEADY,
                                "")
                        : ScriptedDecider.decide(record, o);
    }

    private static InvariantViolation violationAfterChange(
            BiFunction<TransitionRecord, Observation, Plan> decider, ChangeKind change) {
        var sim = TransitionSimulator.builder().seed(99).decider(() -> decider).build();
        sim.deploy().runUntilResting();
        sim.changeSpec(change);
        var thrown = catchThrowable(sim::runUntilResting);
        assertThat(thrown).isInstanceOf(InvariantViolation.class);
        return (InvariantViolation) thrown;
    }

    @Test
    void deletingTheChildReceivingTrafficBreaksActiveChildKept() {
        var v =
                violationAfterChange(
                        activeDoing(BlueGreenState.ACTIVE_BLUE, new Action.DeleteChild(Color.BLUE)),
                        ChangeKind.PATCH_CHILD);

        assertThat(v.invariant()).isEqualTo(Invariant.ACTIVE_CHILD_KEPT);
        assertThat(v.getMessage()).contains("DeleteChild[color=BLUE]", "(seed 99)");
    }

    @Test
    void suspendingTheServingChildOfARunningSpecBreaksActiveChildKept() {
        var v =
                violationAfterChange(
                        activeDoing(
                                BlueGreenState.ACTIVE_BLUE, new Action.SuspendChild(Color.BLUE)),
                        ChangeKind.PATCH_CHILD);

        assertThat(v.invariant()).isEqualTo(Invariant.ACTIVE_CHILD_KEPT);
    }

    @Test
    void switchingTrafficToAChildThatIsNotReadyBreaksSingleTrafficTarget() {
        var v =
                violationAfterChange(
                        activeDoing(
                                BlueGreenState.ACTIVE_GREEN,
                                new Action.DeployChild(
                                        Color.GREEN, "v1", Action.RestoreFrom.EMPTY, null),
                                new Action.SwitchTraffic(Color.GREEN)),
                        ChangeKind.TRANSITION);

        assertThat(v.invariant()).isEqualTo(Invariant.SINGLE_TRAFFIC_TARGET);
        assertThat(v.trace())
                .last()
                .extracting(TraceLine::to)
                .isEqualTo(BlueGreenState.ACTIVE_GREEN);
    }

    @Test
    void writingAnUnknownSpecBreaksValidPlan() {
        var v =
                violationAfterChange(
                        activeDoing(
                                BlueGreenState.ACTIVE_BLUE,
                                new Action.PatchChild(Color.BLUE, "v7")),
                        ChangeKind.PATCH_CHILD);

        assertThat(v.invariant()).isEqualTo(Invariant.VALID_PLAN);
        assertThat(v.getMessage()).contains("unknown spec ref v7");
    }

    @Test
    void aThrowingDeciderBreaksValidPlanWithTheCause() {
        var v =
                violationAfterChange(
                        (record, o) -> {
                            if (o.desired().change() == ChangeKind.PATCH_CHILD) {
                                throw new IllegalStateException("boom");
                            }
                            return ScriptedDecider.decide(record, o);
                        },
                        ChangeKind.PATCH_CHILD);

        assertThat(v.invariant()).isEqualTo(Invariant.VALID_PLAN);
        assertThat(v.getCause()).hasMessage("boom");
    }

    @Test
    void restingInActiveGreenWithTrafficOnBlueBreaksConvergence() {
        var v =
                violationAfterChange(
                        activeDoing(BlueGreenState.ACTIVE_GREEN), ChangeKind.PATCH_CHILD);

        assertThat(v.invariant()).isEqualTo(Invariant.CONVERGENCE);
        assertThat(v.getMessage()).contains("resting in ACTIVE_GREEN but traffic points at BLUE");
    }

    @Test
    void requeueingAtTheSameInstantForeverBreaksConvergence() {
        BiFunction<TransitionRecord, Observation, Plan> spinning =
                (record, o) ->
                        new Plan(
                                record.toBuilder()
                                        .state(BlueGreenState.TRANSITIONING_TO_BLUE)
                                        .build(),
                                List.of(),
                                Optional.of(Duration.ZERO),
                                Reason.WAITING_FOR_READINESS,
                                "");
        var sim = TransitionSimulator.builder().decider(() -> spinning).build();

        assertThatThrownBy(() -> sim.deploy().runFor(ofSeconds(1)))
                .isInstanceOfSatisfying(
                        InvariantViolation.class,
                        v -> {
                            assertThat(v.invariant()).isEqualTo(Invariant.CONVERGENCE);
                            assertThat(v.getMessage()).contains("without the clock advancing");
                        });
    }

    @Test
    void sameSeedReplaysTheSameSchedule() {
        String first = outcome(1234);
        String second = outcome(1234);

        assertThat(first).isEqualTo(second).isNotEqualTo(outcome(1235));
    }

    private static String outcome(long seed) {
        var builder = TransitionSimulator.builder().policy(RandomSchedule.randomPolicy(seed));
        try {
            return RandomSchedule.run(builder, seed).printableTrace();
        } catch (InvariantViolation v) {
            return v.getMessage();
        }
    }

    @Test
    void aRecordThatForgetsWhereTrafficPointsBreaksSingleTrafficTarget() {
        BiFunction<TransitionRecord, Observation, Plan> forgetful =
                (record, o) -> {
                    Plan plan = ScriptedDecider.decide(record, o);
                    return new Plan(
                            plan.record().toBuilder().trafficColor(null).build(),
                            plan.actions(),
                            plan.requeueAfter(),
                            plan.reason(),
                            plan.message());
                };
        var sim = TransitionSimulator.builder().decider(() -> forgetful).build();

        assertThatThrownBy(() -> sim.deploy().runUntilResting())
                .isInstanceOfSatisfying(
                        InvariantViolation.class,
                        v -> {
                            assertThat(v.invariant()).isEqualTo(Invariant.SINGLE_TRAFFIC_TARGET);
                            assertThat(v.getMessage())
                                    .contains(
                                            "the record says traffic is on null but it points at BLUE");
                        });
    }

    @Test
    void restingWithTheDesiredSpecNeitherAppliedNorFailedBreaksConvergence() {
        // The scripted decider ignores PATCH_CHILD changes.
        var sim = TransitionSimulator.builder().decider(() -> ScriptedDecider::decide).build();
        sim.deploy().runUntilResting();

        assertThatThrownBy(() -> sim.changeSpec(ChangeKind.PATCH_CHILD).runUntilResting())
                .isInstanceOfSatisfying(
                        InvariantViolation.class,
                        v -> {
                            assertThat(v.invariant()).isEqualTo(Invariant.CONVERGENCE);
                            assertThat(v.getMessage())
                                    .contains("neither applied nor reported failed");
                        });
    }

    private static final TransitionPolicy KEEP_RUNNING =
            TransitionPolicy.builder().retention(Retention.KEEP_RUNNING).build();

    /** Active on blue, then a transition to green that the user aborts once green is deployed. */
    private static SimulationResult abortedTransition(TransitionSimulator sim) {
        sim.deploy().runUntilResting();
        sim.changeSpec(ChangeKind.TRANSITION);
        while (sim.record().state() != BlueGreenState.TRANSITIONING_TO_GREEN) {
            sim.step();
        }
        return sim.abort().runUntilResting();
    }

    @Test
    void deletingARolledBackChildUnderKeepRunningBreaksAbandonedChildKept() {
        var sim =
                TransitionSimulator.builder()
                        .policy(KEEP_RUNNING)
                        .decider(DeletingEngine.of(KEEP_RUNNING))
                        .build();

        assertThatThrownBy(() -> abortedTransition(sim))
                .isInstanceOfSatisfying(
                        InvariantViolation.class,
                        v -> {
                            assertThat(v.invariant()).isEqualTo(Invariant.ABANDONED_CHILD_KEPT);
                            assertThat(v.getMessage())
                                    .contains(
                                            "DeleteChild[color=GREEN] in TRANSITIONING_TO_GREEN",
                                            "abandoned by a rollback");
                        });
    }

    @Test
    void underKeepRunningTheReplacedChildAndALeftoverBeforeTheNextTransitionMayBeDeleted() {
        var sim = TransitionSimulator.builder().policy(KEEP_RUNNING).build();
        var rolledBack = abortedTransition(sim);
        assertThat(rolledBack.child(Color.GREEN).suspendedBySpec()).isTrue();

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(BlueGreenState.ACTIVE_GREEN);
        assertThat(result.trace())
                .anySatisfy(
                        l -> {
                            assertThat(l.from()).isEqualTo(BlueGreenState.RETIRING_BLUE);
                            assertThat(l.actions()).contains(new Action.DeleteChild(Color.BLUE));
                        });
    }
}
