package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.PhaseDeadline;
import dev.bluegreen.core.ReadinessPolicies;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TransitionPolicy;

import org.junit.jupiter.api.Test;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.PATCHING_BLUE;
import static dev.bluegreen.core.BlueGreenState.SUSPENDED_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;

/** Blue/green scenarios of the real engine, run through the simulator with every invariant. */
class EngineScenariosTest {

    private static TransitionSimulator activeBlue(TransitionSimulator.Builder builder) {
        var sim = builder.build();
        var result = sim.deploy().runUntilResting();
        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        return sim;
    }

    @Test
    void basicTransitionHandsOverWithASavepointAndRetiresBlue() {
        var sim = activeBlue(TransitionSimulator.builder());

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.trafficColor()).contains(Color.GREEN);
        assertThat(result.record().stableSpecRef()).isEqualTo("v1");
        assertThat(result.child(Color.GREEN).stableAndRunning()).isTrue();
        assertThat(result.child(Color.BLUE).exists()).isFalse();
        var savepoint = result.actionsOf(Action.TakeSavepoint.class);
        assertThat(savepoint).hasSize(1);
        assertThat(result.actionsOf(Action.DeployChild.class))
                .filteredOn(d -> d.color() == Color.GREEN)
                .extracting(Action.DeployChild::restorePath)
                .containsOnly("sp://" + savepoint.get(0).snapshotName());
    }

    @Test
    void greenNeverReadyRollsBackAndKeepsBlueServing() {
        var policy =
                TransitionPolicy.builder()
                        .readinessDeadline(PhaseDeadline.rollbackAfter(ofMinutes(2)))
                        .build();
        var sim =
                activeBlue(
                        TransitionSimulator.builder()
                                .policy(policy)
                                .green(ChildScript.neverReady()));
        String blueRun = sim.result().child(Color.BLUE).jobId();

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.reasons()).contains(Reason.DEADLINE_EXCEEDED_ROLLBACK);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.child(Color.BLUE).jobId()).isEqualTo(blueRun);
        assertThat(result.child(Color.GREEN).exists()).isFalse();
        assertThat(result.record().failedSpecRef()).isEqualTo("v1");
    }

    @Test
    void hangingSavepointRollsBackAtTheDeadlineWithoutStartingGreen() {
        var policy =
                TransitionPolicy.builder()
                        .savepoint(PhaseDeadline.rollbackAfter(ofMinutes(1)))
                        .build();
        var sim =
                activeBlue(
                        TransitionSimulator.builder()
                                .policy(policy)
                                .blue(ChildScript.readyAfter(ofSeconds(20)).savepointHangs()));
        var changedAt = sim.now();

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.reasons()).contains(Reason.DEADLINE_EXCEEDED_ROLLBACK);
        assertThat(result.now()).isAfterOrEqualTo(changedAt.plus(ofMinutes(1)));
        assertThat(result.actionsOf(Action.DeployChild.class))
                .noneMatch(d -> d.color() == Color.GREEN);
        assertThat(result.child(Color.BLUE).stableAndRunning()).isTrue();
    }

    @Test
    void failedSavepointRollsBack() {
        var sim =
                activeBlue(
                        TransitionSimulator.builder()
                                .blue(ChildScript.readyAfter(ofSeconds(20)).savepointFails()));

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.reasons()).contains(Reason.SAVEPOINT_FAILED);
        assertThat(result.trafficColor()).contains(Color.BLUE);
    }

    @Test
    void abortDuringTheTransitionReturnsToBlue() {
        var sim =
                activeBlue(
                        TransitionSimulator.builder().green(ChildScript.readyAfter(ofMinutes(5))));
        sim.changeSpec(ChangeKind.TRANSITION).runFor(ofMinutes(1));
        assertThat(sim.record().state()).isEqualTo(TRANSITIONING_TO_GREEN);

        var result = sim.abort().runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.reasons()).contains(Reason.ABORTED_BY_USER);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.child(Color.GREEN).exists()).isFalse();
    }

    @Test
    void promoteSkipsTheRemainingSoak() {
        var policy =
                TransitionPolicy.builder()
                        .readiness(ReadinessPolicies.stableAndRunningFor(ofMinutes(10)))
                        .build();
        var sim = activeBlue(TransitionSimulator.builder().policy(policy));
        sim.changeSpec(ChangeKind.TRANSITION).runFor(ofMinutes(2));
        assertThat(sim.result().child(Color.GREEN).stableAndRunning()).isTrue();
        var promotedAt = sim.now();

        var result = sim.promote().runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.reasons()).contains(Reason.PROMOTED_BY_USER);
        assertThat(result.now()).isBefore(promotedAt.plus(ofMinutes(10)));
    }

    @Test
    void servingChildDeletedByHandIsRecreated() {
        var sim = activeBlue(TransitionSimulator.builder());

        var result = sim.deleteByHand(Color.BLUE).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.reasons()).contains(Reason.CHILD_RECREATED);
        assertThat(result.child(Color.BLUE).stableAndRunning()).isTrue();
        assertThat(result.trafficColor()).contains(Color.BLUE);
    }

    @Test
    void restartAndCrashMidTransitionStillCompleteWithOneSavepoint() {
        var sim = activeBlue(TransitionSimulator.builder());
        sim.changeSpec(ChangeKind.TRANSITION).runFor(ofSeconds(5));

        var result = sim.restartController().crashBeforePersistingNextRecord().runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.trace()).anyMatch(line -> !line.persisted());
        assertThat(result.actionsOf(Action.TakeSavepoint.class))
                .extracting(Action.TakeSavepoint::snapshotName)
                .hasSize(1);
    }

    @Test
    void patchChangesTheServingChildInPlace() {
        var sim = activeBlue(TransitionSimulator.builder());

        var result = sim.changeSpec(ChangeKind.PATCH_CHILD).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.states()).contains(PATCHING_BLUE);
        assertThat(result.child(Color.BLUE).specRef()).isEqualTo("v1");
        assertThat(result.actionsOf(Action.DeployChild.class))
                .noneMatch(d -> d.color() == Color.GREEN);
    }

    @Test
    void suspendAndResumeKeepTheSameChild() {
        var sim = activeBlue(TransitionSimulator.builder());

        var suspended = sim.changeSpec(ChangeKind.SUSPEND).runUntilResting();
        var resumed = sim.changeSpec(ChangeKind.RESUME).runUntilResting();

        assertThat(suspended.finalState()).isEqualTo(SUSPENDED_BLUE);
        assertThat(suspended.child(Color.BLUE).suspendedObserved()).isTrue();
        assertThat(resumed.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(resumed.child(Color.BLUE).stableAndRunning()).isTrue();
        assertThat(resumed.trafficColor()).contains(Color.BLUE);
    }

    @Test
    void statelessTransitionTakesNoSavepoint() {
        var sim = TransitionSimulator.builder().build();
        sim.deploy(false, true).runUntilResting();

        var result = sim.changeSpec(ChangeKind.TRANSITION, true).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.actionsOf(Action.TakeSavepoint.class)).isEmpty();
        assertThat(result.states()).doesNotContain(BlueGreenState.SAVEPOINTING_BLUE);
        // Green starts from the spec's initialSavepointPath (empty when the spec sets none).
        assertThat(result.actionsOf(Action.DeployChild.class))
                .filteredOn(d -> d.color() == Color.GREEN)
                .isNotEmpty()
                .allSatisfy(
                        d -> {
                            assertThat(d.restore())
                                    .isEqualTo(Action.RestoreFrom.SPEC_INITIAL_SAVEPOINT);
                            assertThat(d.restorePath()).isNull();
                        });
    }

    @Test
    void keepRunningRetentionKeepsBlueDarkForTheRollbackWindow() {
        var policy =
                TransitionPolicy.builder()
                        .retention(Retention.KEEP_RUNNING)
                        .rollbackWindow(ofMinutes(10))
                        .build();
        var sim = activeBlue(TransitionSimulator.builder().policy(policy));
        sim.changeSpec(ChangeKind.TRANSITION).runFor(ofMinutes(5));
        var duringWindow = sim.result();

        var result = sim.runUntilResting();

        assertThat(duringWindow.trafficColor()).contains(Color.GREEN);
        assertThat(duringWindow.child(Color.BLUE).stableAndRunning()).isTrue();
        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.child(Color.BLUE).exists()).isFalse();
    }

    @Test
    void suspendRetentionSuspendsBlueInsteadOfDeletingIt() {
        var policy = TransitionPolicy.builder().retention(Retention.SUSPEND).build();
        var sim = activeBlue(TransitionSimulator.builder().policy(policy));

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.child(Color.BLUE).suspendedObserved()).isTrue();
        assertThat(result.actionsOf(Action.DeleteChild.class)).isEmpty();
    }
}
