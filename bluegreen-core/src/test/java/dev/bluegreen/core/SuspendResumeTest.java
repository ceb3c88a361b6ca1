package dev.bluegreen.core;

import dev.bluegreen.core.Action.PatchChild;

import org.junit.jupiter.api.Test;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.PATCHING_GREEN;
import static dev.bluegreen.core.BlueGreenState.SUSPENDED_GREEN;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.suspended;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/** Suspend and resume happen in place on the serving child; no second child is involved. */
class SuspendResumeTest {

    @Test
    void suspendsInPlaceAndResumesInPlace() {
        // Given green serves s1; the user suspends (s2 = s1 + job.state suspended)
        Plan suspend =
                Scenarios.active(GREEN).desired("s2", ChangeKind.SUSPEND).suspendedSpec().decide();
        Plan suspendedPlan =
                Given.from(suspend.record())
                        .desired("s2", ChangeKind.SUSPEND)
                        .suspendedSpec()
                        .child(GREEN, suspended("s2"))
                        .decide();

        // Then
        assertThat(suspend)
                .movesTo(PATCHING_GREEN)
                .because(Reason.SUSPEND_STARTED)
                .hasActions(new PatchChild(GREEN, "s2"));
        assertThat(suspendedPlan)
                .movesTo(SUSPENDED_GREEN)
                .because(Reason.SUSPENDED)
                .record(r -> assertThat(r.stableSpecRef()).isEqualTo("s2"));

        // When the user resumes with s3 (diffed against the suspended s2)
        Plan resume =
                Given.from(suspendedPlan.record())
                        .desired("s3", ChangeKind.RESUME)
                        .child(GREEN, suspended("s2"))
                        .decide();
        Plan resumed =
                Given.from(resume.record())
                        .desired("s3", ChangeKind.RESUME)
                        .child(GREEN, running("s3"))
                        .decide();

        // Then
        assertThat(resume)
                .movesTo(PATCHING_GREEN)
                .because(Reason.RESUME_STARTED)
                .hasActions(new PatchChild(GREEN, "s3"));
        assertThat(resumed)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.PATCH_COMPLETED)
                .record(r -> assertThat(r.stableSpecRef()).isEqualTo("s3"));
    }

    @Test
    void aStaleViewOfTheChildFromBeforeThePatchDoesNotCompleteIt() {
        // Given green serves s1 and the user suspends it (patch to s2 requested)
        Plan suspend =
                Scenarios.active(GREEN).desired("s2", ChangeKind.SUSPEND).suspendedSpec().decide();

        // When the next decision still sees green as it was before the patch (an informer cache
        // that has not caught up with our own write): s1, stable and running
        Plan stale =
                Given.from(suspend.record())
                        .desired("s2", ChangeKind.SUSPEND)
                        .suspendedSpec()
                        .child(GREEN, running("s1"))
                        .decide();

        // Then the patch is still waited for; it completes only once green shows s2 suspended
        assertThat(stale).movesTo(PATCHING_GREEN).hasNoActions();
        assertThat(stale.reason()).isNotEqualTo(Reason.PATCH_COMPLETED);
    }

    @Test
    void aChildWithoutASpecRefIsJudgedByItsStatusAlone() {
        // Given a suspend patch requested on green
        Plan suspend =
                Scenarios.active(GREEN).desired("s2", ChangeKind.SUSPEND).suspendedSpec().decide();

        // When green is observed suspended but without our spec-ref annotation (removed by hand)
        Plan done =
                Given.from(suspend.record())
                        .desired("s2", ChangeKind.SUSPEND)
                        .suspendedSpec()
                        .child(GREEN, suspended(null))
                        .decide();

        // Then its status decides: the suspend is complete
        assertThat(done).movesTo(SUSPENDED_GREEN).because(Reason.SUSPENDED);
    }

    @Test
    void transitionWhileSuspendedIsAppliedInPlace() {
        Plan plan =
                Scenarios.suspendedIn(GREEN)
                        .desired("s2", ChangeKind.TRANSITION)
                        .suspendedSpec()
                        .decide();

        assertThat(plan)
                .movesTo(PATCHING_GREEN)
                .because(Reason.PATCH_STARTED)
                .hasActions(new PatchChild(GREEN, "s2"));
    }
}
