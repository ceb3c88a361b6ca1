package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Action.TakeSavepoint;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.FAILING_BLUE;
import static dev.bluegreen.core.BlueGreenState.SAVEPOINTING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static dev.bluegreen.core.Children.absent;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Odd but valid inputs (records from older versions, partial observations) never throw. */
class DegenerateInputTest {

    @Test
    void completedSnapshotWithoutAPathCountsAsAFailedSavepoint() {
        Plan plan =
                Scenarios.savepointing(BLUE)
                        .snapshot(Scenarios.SAVEPOINT, SnapshotState.COMPLETED, null)
                        .decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.SAVEPOINT_FAILED)
                .record(r -> assertThat(r.failedSpecRef()).isEqualTo("s2"));
    }

    @Test
    void snapshotOfAnotherTransitionIsIgnoredAndOursIsRequestedAgain() {
        Plan plan =
                Scenarios.savepointing(BLUE)
                        .snapshot("t1-savepoint", SnapshotState.COMPLETED, "s3://old")
                        .decide();

        assertThat(plan)
                .movesTo(SAVEPOINTING_BLUE)
                .because(Reason.SAVEPOINT_REQUESTED)
                .hasActions(new TakeSavepoint(BLUE, Scenarios.SAVEPOINT, "job-s1"));
    }

    @Test
    void savepointingRecordWithoutASavepointStartsOver() {
        Plan plan =
                Scenarios.savepointing(BLUE)
                        .record(r -> r.savepoint(null))
                        .snapshot(Scenarios.SAVEPOINT, SnapshotState.IN_PROGRESS, null)
                        .decide();

        assertThat(plan).movesTo(ACTIVE_BLUE).because(Reason.SAVEPOINT_STALE).requeuesNow();
    }

    @Test
    void phaseWithoutADeadlineWaitsForEventsOnly() {
        Plan plan =
                Scenarios.transitioning(GREEN)
                        .record(r -> r.deadline(null))
                        .after(Duration.ofDays(1))
                        .decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.WAITING_FOR_GENERATION)
                .waitsForEvents();
    }

    @Test
    void incomingChildWithAnInconsistentRestoreIsRecreatedFromTheSpecsSavepoint() {
        Plan noPath =
                Scenarios.transitioning(GREEN)
                        .child(GREEN, absent())
                        .record(r -> r.restore(RestoreFrom.PATH).restorePath(null))
                        .decide();
        Plan noRestore =
                Scenarios.transitioning(GREEN)
                        .child(GREEN, absent())
                        .record(r -> r.restore(null).restorePath(null))
                        .decide();

        var expected = new DeployChild(GREEN, "s2", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null);
        assertThat(noPath).because(Reason.CHILD_RECREATED).hasActions(expected);
        assertThat(noRestore).because(Reason.CHILD_RECREATED).hasActions(expected);
    }

    @Test
    void retiringRecordWithoutSwitchTimeRetiresAtOnce() {
        Plan plan = Scenarios.retiring(BLUE).record(r -> r.trafficSwitchedAt(null)).decide();

        assertThat(plan)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new DeleteChild(BLUE));
    }

    @Test
    void patchWithoutAStableSpecFailsInPlaceAtItsDeadline() {
        Plan plan = Scenarios.patching(BLUE).stable(null).after(Duration.ofMinutes(11)).decide();

        assertThat(plan).movesTo(FAILING_BLUE).because(Reason.DEADLINE_EXCEEDED_ROLLBACK);
    }

    @Test
    void failingChildRecoveringWithNoKnownSpecStaysWithoutAStableSpec() {
        var unknown =
                new ChildObservation(
                        true,
                        false,
                        null,
                        1,
                        1,
                        false,
                        Lifecycle.STABLE,
                        JobState.RUNNING,
                        "job",
                        Children.JOB_START,
                        HealthFacts.unknown());

        Plan plan = Scenarios.failing(BLUE).stable(null).child(BLUE, unknown).decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ACTIVE_CHILD_RECOVERED)
                .hasNoActions()
                .record(r -> assertThat(r.stableSpecRef()).isNull());
    }

    @Test
    void nullInputsAreRejectedWithTheirName() {
        var policy = TransitionPolicy.defaults();
        var engine = new TransitionEngine(policy);
        var given = Scenarios.active(BLUE);

        assertThatThrownBy(() -> engine.decide(null, given.observation()))
                .hasMessageContaining("record");
        assertThatThrownBy(() -> engine.decide(given.record(), null))
                .hasMessageContaining("observation");
        assertThat(engine.policy()).isSameAs(policy);
    }
}
