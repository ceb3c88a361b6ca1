package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Action.SwitchTraffic;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.PATCHING_BLUE;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.SUSPENDED_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static dev.bluegreen.core.Children.absent;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.starting;
import static dev.bluegreen.core.Children.terminating;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/** The cutover: traffic first, retirement after; children that vanish around it. */
class CutoverTest {

    @Test
    void trafficSwitchesBeforeTheOldChildIsDeleted() {
        // Given green is ready and the deletion delay is zero
        var ready =
                StateTableFixtures.soaked(Scenarios.transitioning(GREEN))
                        .policy(p -> p.deletionDelay(Duration.ZERO));

        // When
        Plan switched = ready.decide();
        Plan retired =
                Given.from(switched.record())
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(BLUE, running("s1"))
                        .child(GREEN, running("s2"))
                        .decide();

        // Then: the switch plan keeps blue; blue is deleted only by the next plan
        assertThat(switched)
                .movesTo(RETIRING_BLUE)
                .hasActions(new SwitchTraffic(GREEN))
                .keeps(BLUE)
                .requeuesNow();
        assertThat(retired).movesTo(ACTIVE_GREEN).hasActions(new DeleteChild(BLUE));
    }

    @Test
    void finalizesForwardWhenTheOldChildIsAlreadyGone() {
        Plan plan = Scenarios.retiring(BLUE).child(BLUE, absent()).decide();

        assertThat(plan)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.FINALIZED_FORWARD)
                .hasNoActions()
                .record(r -> assertThat(r.stableSpecRef()).isEqualTo("s2"));
    }

    @Test
    void servingChildDeletedDuringTheTransitionIsRecreatedFromTheSameRestorePoint() {
        Plan plan = Scenarios.transitioning(GREEN).child(BLUE, absent()).decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.CHILD_RECREATED)
                .hasActions(new DeployChild(BLUE, "s1", RestoreFrom.PATH, "s3://sp/2"));
    }

    @Test
    void servingChildDeletedWhileTheIncomingIsUpFinalizesForwardWithoutSoaking() {
        Plan plan =
                Scenarios.transitioning(GREEN)
                        .child(BLUE, absent())
                        .child(GREEN, running("s2"))
                        .decide();

        assertThat(plan)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.FINALIZED_FORWARD)
                .hasActions(new SwitchTraffic(GREEN));
    }

    @Test
    void servingChildBeingDeletedIsWaitedFor() {
        Plan plan =
                Scenarios.transitioning(GREEN).child(BLUE, terminating("s1")).abort("a1").decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.CHILD_TERMINATING)
                .hasNoActions()
                .waitsForEvents();
    }

    @Test
    void newActiveDeletedWhileTheOldOneIsDownIsRecreated() {
        Plan plan =
                Scenarios.retiring(BLUE)
                        .child(BLUE, starting("s1"))
                        .child(GREEN, absent())
                        .record(r -> r.restore(RestoreFrom.PATH).restorePath("s3://sp/2"))
                        .decide();

        assertThat(plan)
                .movesTo(RETIRING_BLUE)
                .because(Reason.CHILD_RECREATED)
                .hasActions(new DeployChild(GREEN, "s2", RestoreFrom.PATH, "s3://sp/2"));
    }

    @Test
    void missingChildIsRecreatedEvenWhilePaused() {
        Plan plan = Scenarios.patching(BLUE).child(BLUE, absent()).paused().decide();

        assertThat(plan)
                .movesTo(PATCHING_BLUE)
                .because(Reason.CHILD_RECREATED)
                .hasActions(new DeployChild(BLUE, "s2", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null));
    }

    @Test
    void completedSuspendIsRecordedEvenWhilePaused() {
        Plan plan =
                Scenarios.patching(BLUE)
                        .desired("s3", ChangeKind.RESUME)
                        .child(BLUE, Children.suspended("s2"))
                        .paused()
                        .decide();

        assertThat(plan)
                .movesTo(SUSPENDED_BLUE)
                .because(Reason.SUSPENDED)
                .record(r -> assertThat(r.stableSpecRef()).isEqualTo("s2"));
    }

    @Test
    void savepointingChildDeletedByHandIsRecreatedAndTheTransitionStartsOver() {
        Plan plan = Scenarios.savepointing(BLUE).child(BLUE, absent()).decide();

        assertThat(plan)
                .movesTo(PATCHING_BLUE)
                .because(Reason.CHILD_RECREATED)
                .hasActions(new DeployChild(BLUE, "s1", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null))
                .record(r -> assertThat(r.savepoint()).isNull());
    }

    @Test
    void firstDeploymentThatRecoversAfterFailingGetsTheTraffic() {
        Plan plan =
                Scenarios.failing(BLUE)
                        .record(r -> r.trafficColor(null))
                        .stable(null)
                        .target("s1")
                        .child(BLUE, running("s1"))
                        .decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ACTIVE_CHILD_RECOVERED)
                .hasActions(new SwitchTraffic(BLUE))
                .record(r -> assertThat(r.trafficColor()).isEqualTo(BLUE));
    }
}
