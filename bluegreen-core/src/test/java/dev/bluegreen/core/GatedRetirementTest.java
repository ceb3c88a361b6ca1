package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.SuspendChild;
import dev.bluegreen.core.Action.SwitchTraffic;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.RETIRING_GREEN;
import static dev.bluegreen.core.Children.failing;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.starting;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.GatedStateTableFixtures.gate;
import static dev.bluegreen.core.GatedStateTableFixtures.ownedBy;
import static dev.bluegreen.core.GatedStateTableFixtures.retiringGated;
import static dev.bluegreen.core.GatedStateTableFixtures.rollingBack;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * ADVANCED mode after the switch and on the way back: drains, rollback retirements, leftovers that
 * still own the output (policy gatedHandover).
 */
class GatedRetirementTest {

    @Test
    void hotRollbackDeletesAFailingGreenAtOnce() {
        var greenFails = Scenarios.retiring(BLUE).gated().child(GREEN, failing("s2", null));

        Plan plan = greenFails.decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ROLLBACK)
                .hasActions(new SwitchTraffic(BLUE), new DeleteChild(GREEN))
                .record(r -> assertThat(r.outputOwner()).isEqualTo(BLUE));
    }

    @Test
    void switchingBackToBlueWhenGreenIsGoneNeedsNoDrain() {
        var greenGone = Scenarios.retiring(BLUE).gated().child(GREEN, Children.absent());

        Plan plan = greenGone.decide();

        assertThat(plan).movesTo(ACTIVE_BLUE).because(Reason.ROLLBACK);
    }

    @Test
    void neverRetiresTheOutputOwnerEvenAfterTheDeadline() {
        // Given a rolled-back green still owns the output 6 min later (cutover deadline 5 min)
        var stuck = rollingBack(GREEN).gate(ownedBy(GREEN)).after(Duration.ofMinutes(6));

        Plan plan = stuck.decide();

        assertThat(plan)
                .movesTo(RETIRING_GREEN)
                .because(Reason.WAITING_FOR_CUTOVER)
                .keeps(GREEN)
                .requeuesAfter(Gate.POLL);
    }

    @Test
    void abortWhileGreenStillOwnsTheOutputIsRecordedAndTheRollbackWaits() {
        var aborted = rollingBack(GREEN).gate(ownedBy(GREEN)).abort("a1");

        Plan plan = aborted.decide();

        assertThat(plan)
                .because(Reason.WAITING_FOR_CUTOVER)
                .keeps(GREEN)
                .record(r -> assertThat(r.handledAbort()).isEqualTo("a1"));
    }

    @Test
    void aRolledBackChildIsNeverSwitchedBackTo() {
        // Given blue (serving the stable spec) stops running, rolled-back green runs; abort too
        var blueStops =
                rollingBack(GREEN).child(BLUE, starting("s1")).gate(ownedBy(BLUE)).abort("a1");

        Plan plan = blueStops.decide();

        assertThat(plan)
                .movesTo(RETIRING_GREEN)
                .because(Reason.WAITING_FOR_READINESS)
                .hasNoActions()
                .record(r -> assertThat(r.handledAbort()).isEqualTo("a1"));
    }

    @Test
    void aFinishedRollbackKeepsTheFailedSpec() {
        var drained = rollingBack(GREEN).gate(gate(BLUE, GREEN));

        Plan plan = drained.decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new DeleteChild(GREEN))
                .record(
                        r -> {
                            assertThat(r.stableSpecRef()).isEqualTo("s1");
                            assertThat(r.failedSpecRef()).isEqualTo("s2");
                        });
    }

    @Test
    void underKeepRunningADrainedRolledBackChildIsSuspendedForAnalysisNotDeleted() {
        // Given a rolled-back green (the abandoned s2), retention KEEP_RUNNING (issue 15)
        var drained = rolledBackKeptRunning().gate(gate(BLUE, GREEN));
        var late = rolledBackKeptRunning().gate(ownedBy(BLUE)).after(Duration.ofMinutes(6));
        var aborted = rolledBackKeptRunning().gate(ownedBy(BLUE)).abort("a1");

        // When it is retired once drained, at the drain deadline, or on the user's abort
        Plan afterDrain = drained.decide();
        Plan atDeadline = late.decide();
        Plan onAbort = aborted.decide();

        // Then it is suspended, as a rollback without a drain would (Handover.rollback)
        assertThat(afterDrain)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new SuspendChild(GREEN));
        assertThat(atDeadline)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.DEADLINE_EXCEEDED_ROLLBACK)
                .hasActions(new SuspendChild(GREEN));
        assertThat(onAbort)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ABORTED_BY_USER)
                .hasActions(new SuspendChild(GREEN));
    }

    private static Given rolledBackKeptRunning() {
        return rollingBack(GREEN).policy(p -> p.retention(Retention.KEEP_RUNNING));
    }

    @Test
    void underKeepRunningADrainedReplacedChildIsStillDeleted() {
        var replaced =
                retiringGated(BLUE)
                        .policy(p -> p.retention(Retention.KEEP_RUNNING))
                        .gate(gate(GREEN, BLUE));

        Plan plan = replaced.decide();

        assertThat(plan)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new DeleteChild(BLUE));
    }

    @Test
    void theDrainDeadlineRetiresARolledBackChildThatIsNotTheOwner() {
        var late = rollingBack(GREEN).gate(ownedBy(BLUE)).after(Duration.ofMinutes(6));

        Plan plan = late.decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.DEADLINE_EXCEEDED_ROLLBACK)
                .hasActions(new DeleteChild(GREEN));
    }

    @Test
    void aFailingOldChildIsRetiredWithoutWaitingForItsDrain() {
        var blueFails = retiringGated(BLUE).child(BLUE, failing("s1", null)).gate(ownedBy(BLUE));

        Plan plan = blueFails.decide();

        assertThat(plan).movesTo(ACTIVE_GREEN).hasActions(new DeleteChild(BLUE));
    }

    @Test
    void waitsNoLongerThanUntilTheDeadlineAndSaysWhatTheGateReports() {
        var nearDeadline =
                Scenarios.retiring(BLUE)
                        .gated()
                        .after(Duration.ofSeconds(298))
                        .gate(new GateObservation(GREEN, false, false, null));
        var unknownGate = retiringGated(BLUE);

        Plan near = nearDeadline.decide();
        Plan unknown = unknownGate.decide();

        assertThat(near).because(Reason.WAITING_FOR_DRAIN).requeuesAfter(Duration.ofSeconds(2));
        assertThat(near.message()).endsWith("(gate: output owner green)");
        assertThat(unknown).because(Reason.WAITING_FOR_DRAIN).saysThat("output owner unknown");
    }

    @Test
    void aLeftoverIsDeletedOnceItHandedTheOutputBackOrFails() {
        var handedBack = Scenarios.active(BLUE).gated().child(GREEN, running("s0"));
        var owningButFailing = handedBack.gate(ownedBy(GREEN)).child(GREEN, failing("s0", null));

        Plan deleted = handedBack.gate(ownedBy(BLUE)).decide();
        Plan deletedFailing = owningButFailing.gate(ownedBy(GREEN)).decide();

        assertThat(deleted).because(Reason.LEFTOVER_DELETED).hasActions(new DeleteChild(GREEN));
        assertThat(deletedFailing)
                .because(Reason.LEFTOVER_DELETED)
                .hasActions(new DeleteChild(GREEN));
    }

    @Test
    void aLeftoverOwnerIsDeletedWhenTheFailingServingChildCanNeverTakeTheOutputBack() {
        var failingBlue =
                Scenarios.failing(BLUE)
                        .gated()
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(GREEN, running("s0"))
                        .gate(ownedBy(GREEN));

        Plan plan = failingBlue.decide();

        assertThat(plan).because(Reason.TRANSITION_WAITING).hasActions(new DeleteChild(GREEN));
    }

    @Test
    void aTerminatingLeftoverOwnerIsWaitedForLikeInBasicMode() {
        var terminating =
                Scenarios.active(BLUE)
                        .gated()
                        .policy(p -> p.retention(Retention.SUSPEND))
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(GREEN, Children.terminating("s0"))
                        .gate(ownedBy(GREEN));

        Plan plan = terminating.decide();

        assertThat(plan).because(Reason.TRANSITION_WAITING).hasNoActions();
    }
}
