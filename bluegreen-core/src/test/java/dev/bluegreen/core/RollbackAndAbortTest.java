package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.PatchChild;
import dev.bluegreen.core.Action.SuspendChild;
import dev.bluegreen.core.Action.SwitchTraffic;
import dev.bluegreen.core.Action.TakeSavepoint;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.FAILING_BLUE;
import static dev.bluegreen.core.BlueGreenState.PATCHING_BLUE;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.SAVEPOINTING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static dev.bluegreen.core.ChangeKind.PATCH_CHILD;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.starting;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/** Rollback to the last stable spec, failed-spec fencing (upstream PR #1072) and abort. */
class RollbackAndAbortTest {

    @Test
    void rollbackRestoresTheLastStableSpecAndNeverRetriesTheFailedOne() {
        // Given green (s2) never became ready before its deadline
        Plan rollback = Scenarios.transitioning(GREEN).after(Duration.ofMinutes(11)).decide();
        // When the desired spec is still the failed s2
        Plan after =
                Given.from(rollback.record())
                        .desired("s2", TRANSITION)
                        .child(BLUE, running("s1"))
                        .decide();

        // Then blue keeps s1, green is deleted, and s2 is not retried
        assertThat(rollback)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.DEADLINE_EXCEEDED_ROLLBACK)
                .hasActions(new DeleteChild(GREEN))
                .keeps(BLUE)
                .record(
                        r -> {
                            assertThat(r.stableSpecRef()).isEqualTo("s1");
                            assertThat(r.failedSpecRef()).isEqualTo("s2");
                        });
        assertThat(after)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.FAILED_SPEC_NOT_RETRIED)
                .hasNoActions();
    }

    @Test
    void laterSmallChangeIsAppliedOnTopOfTheStableSpecNotTheFailedOne() {
        // Given s2 failed; s3 = s2 + a small change, diffed against stable s1 by the plugin
        var later = Scenarios.active(BLUE).failed("s2").desired("s3", PATCH_CHILD);

        Plan plan = later.decide();

        // Then only s3 is written; the failed s2 never reaches the live job
        assertThat(plan)
                .movesTo(PATCHING_BLUE)
                .because(Reason.PATCH_STARTED)
                .hasActions(new PatchChild(BLUE, "s3"));
    }

    @Test
    void newPromoteRetriesTheFailedSpecExplicitly() {
        Plan plan =
                Scenarios.active(BLUE)
                        .failed("s2")
                        .desired("s2", TRANSITION)
                        .promote("p1")
                        .decide();

        assertThat(plan)
                .movesTo(SAVEPOINTING_BLUE)
                .because(Reason.SAVEPOINT_REQUESTED)
                .hasActions(new TakeSavepoint(BLUE, "t2-savepoint", "job-s1"))
                .record(
                        r -> {
                            assertThat(r.failedSpecRef()).isNull();
                            assertThat(r.handledPromote()).isEqualTo("p1");
                        });
    }

    @Test
    void abortResetsEveryTransitionMarker() {
        // Given green was ready and soaking, from a completed savepoint
        var soaking =
                Scenarios.transitioning(GREEN)
                        .child(GREEN, running("s2"))
                        .record(
                                r ->
                                        r.readySince(Given.T0.minusSeconds(5))
                                                .savepoint(
                                                        new TransitionRecord.SavepointRef(
                                                                "t2-savepoint",
                                                                "job-s1",
                                                                "s3://sp/2")))
                        .abort("a1");

        Plan plan = soaking.decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ABORTED_BY_USER)
                .hasActions(new DeleteChild(GREEN))
                .record(
                        r -> {
                            assertThat(r.readySince()).isNull();
                            assertThat(r.deadline()).isNull();
                            assertThat(r.savepoint()).isNull();
                            assertThat(r.targetSpecRef()).isNull();
                            assertThat(r.trafficSwitchedAt()).isNull();
                            assertThat(r.restore()).isNull();
                            assertThat(r.restorePath()).isNull();
                            assertThat(r.handledAbort()).isEqualTo("a1");
                        });
    }

    @Test
    void abortTokenIsActedOnOnlyOnce() {
        Plan aborted = Scenarios.savepointing(BLUE).abort("a1").decide();
        // the user retries s2 with a promote; the old abort token is still present
        Plan retried =
                Given.from(aborted.record())
                        .desired("s2", TRANSITION)
                        .abort("a1")
                        .promote("p1")
                        .child(BLUE, running("s1"))
                        .decide();
        Plan savepointing =
                Given.from(retried.record())
                        .desired("s2", TRANSITION)
                        .abort("a1")
                        .promote("p1")
                        .child(BLUE, running("s1"))
                        .decide();

        assertThat(aborted)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ABORTED_BY_USER)
                .record(r -> assertThat(r.savepoint()).isNull());
        assertThat(retried).movesTo(SAVEPOINTING_BLUE).because(Reason.SAVEPOINT_REQUESTED);
        assertThat(savepointing).movesTo(SAVEPOINTING_BLUE).because(Reason.SAVEPOINT_REQUESTED);
    }

    @Test
    void staleSavepointTriggerIsNeverReusedAfterTheJobRunChanged() {
        var restarted =
                Scenarios.savepointing(BLUE).child(BLUE, Children.runningJob("s1", "job-2"));

        Plan back = restarted.decide();
        Plan fresh =
                Given.from(back.record())
                        .desired("s2", TRANSITION)
                        .child(BLUE, Children.runningJob("s1", "job-2"))
                        .decide();

        assertThat(back)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.SAVEPOINT_STALE)
                .requeuesNow()
                .record(r -> assertThat(r.savepoint()).isNull());
        assertThat(fresh)
                .movesTo(SAVEPOINTING_BLUE)
                .hasActions(new TakeSavepoint(BLUE, "t3-savepoint", "job-2"));
    }

    @Test
    void newActiveFailingAfterTheSwitchMovesTrafficBackBeforeRetiringIt() {
        Plan plan = Scenarios.retiring(BLUE).child(GREEN, Children.failing("s2", null)).decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ROLLBACK)
                .hasActions(new SwitchTraffic(BLUE), new DeleteChild(GREEN))
                .record(
                        r -> {
                            assertThat(r.trafficColor()).isEqualTo(BLUE);
                            assertThat(r.failedSpecRef()).isEqualTo("s2");
                        });
    }

    @Test
    void rollbackWithSuspendRetentionKeepsTheFailedChildSuspendedForAnalysis() {
        Plan plan =
                Scenarios.transitioning(GREEN)
                        .abort("a1")
                        .policy(p -> p.retention(Retention.SUSPEND))
                        .decide();

        assertThat(plan).movesTo(ACTIVE_BLUE).hasActions(new SuspendChild(GREEN));
    }

    @Test
    void firstDeploymentPastItsDeadlineHasNothingToRollBackToAndKeepsBlue() {
        Plan plan = Scenarios.firstDeployment(BLUE).after(Duration.ofMinutes(11)).decide();
        Plan recovered =
                Given.from(plan.record())
                        .desired("s2", TRANSITION)
                        .child(BLUE, running("s2"))
                        .decide();

        assertThat(plan)
                .movesTo(FAILING_BLUE)
                .because(Reason.DEADLINE_EXCEEDED_ROLLBACK)
                .hasNoActions();
        assertThat(recovered)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.ACTIVE_CHILD_RECOVERED)
                .record(
                        r -> {
                            assertThat(r.stableSpecRef()).isEqualTo("s2");
                            assertThat(r.failedSpecRef()).isNull();
                        });
    }

    @Test
    void abortAfterTheSwitchWhileTheOldChildIsDownIsRecordedAndRetirementContinues() {
        Plan plan =
                Scenarios.retiring(BLUE)
                        .child(BLUE, starting("s1"))
                        .abort("a1")
                        .after(Duration.ofMinutes(2))
                        .decide();

        assertThat(plan)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new DeleteChild(BLUE))
                .record(r -> assertThat(r.handledAbort()).isEqualTo("a1"));
    }

    @Test
    void abortDuringAPatchPatchesBackToTheStableSpec() {
        Plan plan = Scenarios.patching(BLUE).abort("a1").decide();

        assertThat(plan)
                .movesTo(PATCHING_BLUE)
                .because(Reason.ABORTED_BY_USER)
                .hasActions(new PatchChild(BLUE, "s1"))
                .record(
                        r -> {
                            assertThat(r.targetSpecRef()).isEqualTo("s1");
                            assertThat(r.failedSpecRef()).isEqualTo("s2");
                        });
    }

    @Test
    void readySinceResetsWhenTheIncomingChildStopsBeingReady() {
        Plan plan =
                Scenarios.transitioning(GREEN)
                        .child(GREEN, starting("s2"))
                        .record(r -> r.readySince(Given.T0.minusSeconds(10)))
                        .decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .record(r -> assertThat(r.readySince()).isNull());
    }

    @Test
    void retiringTheOldChildNeverHappensWhileTheNewOneIsDown() {
        Plan plan =
                Scenarios.retiring(BLUE)
                        .child(BLUE, starting("s1"))
                        .child(GREEN, starting("s2"))
                        .after(Duration.ofMinutes(2))
                        .decide();

        assertThat(plan)
                .movesTo(RETIRING_BLUE)
                .because(Reason.WAITING_FOR_READINESS)
                .hasNoActions()
                .requeuesAfter(Duration.ofMinutes(3));
    }
}
