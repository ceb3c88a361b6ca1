package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.SuspendChild;
import dev.bluegreen.core.Action.SwitchTraffic;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.stream.Stream;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.FAILING_BLUE;
import static dev.bluegreen.core.BlueGreenState.RETIRING_GREEN;
import static dev.bluegreen.core.Children.failing;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.starting;
import static dev.bluegreen.core.Children.stopping;
import static dev.bluegreen.core.Children.suspended;
import static dev.bluegreen.core.Children.terminating;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.GatedStateTableFixtures.gate;
import static dev.bluegreen.core.GatedStateTableFixtures.ownedBy;
import static dev.bluegreen.core.GatedStateTableFixtures.retiringGated;
import static dev.bluegreen.core.PlanAssert.assertThat;

/**
 * Retention SUSPEND_THEN_DELETE: a retired child whose job runs is stopped with a savepoint (its
 * transactional sink commits its last transaction) and deleted once observed suspended; failing
 * children and children without a running job are deleted at once.
 */
class SuspendThenDeleteTest {
    private static final Retention STD = Retention.SUSPEND_THEN_DELETE;

    private static Given retiring() {
        return Scenarios.retiring(BLUE).policy(p -> p.retention(STD)).after(Duration.ofMinutes(2));
    }

    private static Given activeGreenWithLeftoverBlue(ChildObservation blue) {
        return RetentionStateTableFixtures.active(GREEN).child(BLUE, blue);
    }

    @Test
    void retirementStopsTheOldChildWithASavepoint() {
        Plan plan = retiring().decide();

        assertThat(plan)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new SuspendChild(BLUE))
                .saysThat("retiring blue (SUSPEND_THEN_DELETE)");
    }

    @Test
    void gatedRetirementStopsTheDrainedChildWithASavepoint() {
        var drained = retiringGated(BLUE).policy(p -> p.retention(STD)).gate(gate(GREEN, BLUE));

        Plan plan = drained.decide();

        assertThat(plan)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new SuspendChild(BLUE));
    }

    static Stream<Arguments> oldChildWithoutARunningJob() {
        return Stream.of(
                Arguments.of("failing: no savepoint possible", failing("s1", null)),
                Arguments.of("already observed suspended (after a crash)", suspended("s1")),
                Arguments.of("job not started", starting("s1")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oldChildWithoutARunningJob")
    void retirementDeletesAnOldChildWithoutARunningJobAtOnce(String name, ChildObservation old) {
        Plan plan = retiring().child(BLUE, old).decide();

        assertThat(plan).movesTo(ACTIVE_GREEN).hasActions(new DeleteChild(BLUE));
    }

    @Test
    void gatedRetirementDeletesAFailingOldChildAtOnce() {
        var failingOld =
                retiringGated(BLUE)
                        .policy(p -> p.retention(STD))
                        .gate(ownedBy(GREEN))
                        .child(BLUE, failing("s1", null));

        Plan plan = failingOld.decide();

        assertThat(plan).movesTo(ACTIVE_GREEN).hasActions(new DeleteChild(BLUE));
    }

    @Test
    void abortAfterTheSwitchStopsTheNewChildWithASavepoint() {
        Plan plan = retiring().abort("a1").decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ABORTED_BY_USER)
                .hasActions(new SwitchTraffic(BLUE), new SuspendChild(GREEN));
    }

    @Test
    void switchBackDeletesAFailingNewChildAtOnce() {
        Plan plan = retiring().child(GREEN, failing("s2", null)).decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ROLLBACK)
                .hasActions(new SwitchTraffic(BLUE), new DeleteChild(GREEN));
    }

    @Test
    void gatedHotRollbackDrainsTheNewChildBeforeItIsStopped() {
        var abort = retiringGated(BLUE).policy(p -> p.retention(STD)).abort("a1");

        Plan plan = abort.decide();

        assertThat(plan)
                .movesTo(RETIRING_GREEN)
                .because(Reason.ABORTED_BY_USER)
                .hasActions(new SwitchTraffic(BLUE));
    }

    @Test
    void rollbackOfAnIncomingChildWhoseJobRunsStopsItWithASavepoint() {
        var abort =
                Scenarios.transitioning(GREEN)
                        .policy(p -> p.retention(STD))
                        .child(GREEN, running("s2"))
                        .abort("a1");

        Plan plan = abort.decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ABORTED_BY_USER)
                .hasActions(new SuspendChild(GREEN));
    }

    @Test
    void rollbackOfAnIncomingChildThatNeverStartedDeletesIt() {
        var late =
                Scenarios.transitioning(GREEN)
                        .policy(p -> p.retention(STD))
                        .child(GREEN, starting("s2"))
                        .after(Duration.ofMinutes(11));

        Plan plan = late.decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.DEADLINE_EXCEEDED_ROLLBACK)
                .hasActions(new DeleteChild(GREEN));
    }

    @Test
    void leftoverWhoseJobRunsIsStoppedWithASavepointBeforeItIsDeleted() {
        Plan plan = activeGreenWithLeftoverBlue(running("s1")).decide();

        assertThat(plan)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.LEFTOVER_SUSPEND_STARTED)
                .hasActions(new SuspendChild(BLUE))
                .saysThat("stopping the leftover blue with a savepoint before deleting it");
    }

    @Test
    void leftoverStillStoppingIsWaitedForWithoutActions() {
        var given = activeGreenWithLeftoverBlue(stopping("s1"));

        Plan plan = given.decide();

        assertThat(plan)
                .because(Reason.WAITING_FOR_LEFTOVER)
                .keepsRecord(given.record())
                .hasNoActions()
                .waitsForEvents()
                .saysThat("(STABLE, job RUNNING; retention SUSPEND_THEN_DELETE)");
    }

    @Test
    void leftoverWhoseSpecSuspendsItIsWaitedForEvenOnceItsJobFinished() {
        var finished =
                new ChildObservation(
                        true,
                        false,
                        "s1",
                        2,
                        2,
                        true,
                        Lifecycle.UPGRADING,
                        JobState.FINISHED,
                        "job-s1",
                        Children.JOB_START,
                        HealthFacts.unknown());

        Plan plan = activeGreenWithLeftoverBlue(finished).decide();

        assertThat(plan).because(Reason.WAITING_FOR_LEFTOVER).hasNoActions();
    }

    static Stream<Arguments> deletableLeftovers() {
        return Stream.of(
                Arguments.of("observed suspended", suspended("s1"), "(stopped with a savepoint; "),
                Arguments.of("failing", failing("s1", null), "(failing, no savepoint possible; "),
                Arguments.of("job not running", starting("s1"), "(no running job; "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deletableLeftovers")
    void leftoverWithoutARunningJobIsDeleted(String name, ChildObservation blue, String why) {
        Plan plan = activeGreenWithLeftoverBlue(blue).decide();

        assertThat(plan)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.LEFTOVER_DELETED)
                .hasActions(new DeleteChild(BLUE))
                .saysThat("deleting the leftover blue child " + why)
                .saysThat("retention SUSPEND_THEN_DELETE)");
    }

    @Test
    void leftoverWhoseJobStateIsUnknownIsStoppedFirst() {
        // Given a leftover without a job status: its job may run unobserved
        var unknown =
                new ChildObservation(
                        true,
                        false,
                        "s1",
                        1,
                        1,
                        false,
                        Lifecycle.UNKNOWN,
                        JobState.UNKNOWN,
                        null,
                        null,
                        HealthFacts.unknown());

        Plan plan = activeGreenWithLeftoverBlue(unknown).decide();

        assertThat(plan)
                .because(Reason.LEFTOVER_SUSPEND_STARTED)
                .hasActions(new SuspendChild(BLUE));
    }

    @Test
    void leftoverBeingDeletedIsLeftAlone() {
        Plan plan = activeGreenWithLeftoverBlue(terminating("s1")).decide();

        assertThat(plan).because(Reason.STEADY).hasNoActions();
    }

    @Test
    void gatedLeftoverThatOwnsTheOutputIsNeitherStoppedNorDeleted() {
        var owner = activeGreenWithLeftoverBlue(running("s1")).gated().gate(ownedBy(BLUE));

        Plan plan = owner.decide();

        assertThat(plan).because(Reason.WAITING_FOR_CUTOVER).hasNoActions();
    }

    @Test
    void newTransitionWaitsForTheLeftoverToStop() {
        var change =
                activeGreenWithLeftoverBlue(stopping("s1")).desired("s2", ChangeKind.TRANSITION);

        Plan plan = change.decide();

        assertThat(plan).because(Reason.WAITING_FOR_LEFTOVER).hasNoActions();
    }

    @Test
    void newTransitionStartsOnceTheStoppedLeftoverIsGone() {
        var change =
                activeGreenWithLeftoverBlue(Children.absent()).desired("s2", ChangeKind.TRANSITION);

        Plan plan = change.decide();

        assertThat(plan).because(Reason.SAVEPOINT_REQUESTED);
    }

    @Test
    void transitionAwayFromFailingStopsARunningLeftoverFirst() {
        var given = RetentionStateTableFixtures.failing(BLUE).child(GREEN, running("s0"));

        Plan plan = given.decide();

        assertThat(plan)
                .movesTo(FAILING_BLUE)
                .because(Reason.LEFTOVER_SUSPEND_STARTED)
                .hasActions(new SuspendChild(GREEN))
                .saysThat("before the transition to spec s2");
    }

    @Test
    void transitionAwayFromFailingDeletesASuspendedLeftover() {
        var given = RetentionStateTableFixtures.failing(BLUE).child(GREEN, suspended("s0"));

        Plan plan = given.decide();

        assertThat(plan).because(Reason.TRANSITION_WAITING).hasActions(new DeleteChild(GREEN));
    }

    @Test
    void otherRetentionsKeepTheirRetirementActions() {
        var suspend = retiring().policy(p -> p.retention(Retention.SUSPEND));
        var keep = retiring().policy(p -> p.retention(Retention.KEEP_RUNNING));

        assertThat(suspend.decide()).hasActions(new SuspendChild(BLUE));
        assertThat(keep.after(Duration.ofMinutes(2)).decide()).hasActions(new DeleteChild(BLUE));
        assertThat(suspend.abort("a1").decide())
                .hasActions(new SwitchTraffic(BLUE), new SuspendChild(GREEN));
    }
}
