package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.PatchChild;
import dev.bluegreen.core.Action.RestoreFrom;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.PATCHING_BLUE;
import static dev.bluegreen.core.ChangeKind.PARENT_ONLY;
import static dev.bluegreen.core.ChangeKind.PATCH_CHILD;
import static dev.bluegreen.core.ChangeKind.RESUME;
import static dev.bluegreen.core.ChangeKind.SUSPEND;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static dev.bluegreen.core.Children.absent;
import static dev.bluegreen.core.Children.stopping;
import static dev.bluegreen.core.Children.unobserved;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which spec a patch in {@code PATCHING_X} aims at when the record's target is no longer what the
 * user wants: a child recreated after a crash left the record behind a re-patch (simulator seed
 * 1910), and a suspend in flight when the user resumes into a failed spec (seed 8086).
 */
class PatchRetargetTest {

    /**
     * Blue was being suspended (target s1-suspended); the re-patch to the running s3 was written
     * but the controller crashed before persisting the record; the deployment is paused.
     */
    private static Given suspendOvertakenByACrashedRepatch() {
        return Scenarios.patching(BLUE).target("s1-suspended").desired("s3", PARENT_ONLY).paused();
    }

    @Test
    void recreatesAChildDeletedByHandWithTheDesiredSpecAfterACrash() {
        // Given blue, deleted by hand, is gone
        var given = suspendOvertakenByACrashedRepatch().child(BLUE, absent());

        // When
        Plan plan = given.decide();

        // Then it runs the spec the user wants, and the record now aims at it
        assertThat(plan)
                .movesTo(PATCHING_BLUE)
                .because(Reason.CHILD_RECREATED)
                .hasActions(new DeployChild(BLUE, "s3", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null))
                .requeuesAfter(Duration.ofMinutes(10))
                .saysThat("target was s1-suspended");
        assertThat(plan.record().targetSpecRef()).isEqualTo("s3");
        assertThat(plan.record().transitionNumber()).isEqualTo(3);
        assertThat(plan.record().deadline()).isEqualTo(Given.T0.plus(Duration.ofMinutes(10)));
    }

    @Test
    void recreatesAChildDeletedByHandWithTheStableSpecWhenTheDesiredOneNeedsATransition() {
        // Given
        var given =
                suspendOvertakenByACrashedRepatch().desired("s3", TRANSITION).child(BLUE, absent());

        // When
        Plan plan = given.decide();

        // Then s1 ran healthy; ACTIVE_BLUE starts the transition once it runs again
        assertThat(plan)
                .because(Reason.CHILD_RECREATED)
                .hasActions(new DeployChild(BLUE, "s1", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null));
        assertThat(plan.record().targetSpecRef()).isEqualTo("s1");
    }

    @Test
    void recreatesAChildDeletedByHandWithItsTargetWhileTheDesiredSpecIsTheTarget() {
        // Given
        var given = Scenarios.patching(BLUE).child(BLUE, absent());

        // When
        Plan plan = given.decide();

        // Then nothing is re-targeted: same transition, same deadline
        assertThat(plan)
                .because(Reason.CHILD_RECREATED)
                .hasActions(new DeployChild(BLUE, "s2", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null))
                .requeuesAfter(Duration.ofMinutes(10));
        assertThat(plan.record().transitionNumber()).isEqualTo(2);
        assertThat(plan.message()).doesNotContain("target was");
    }

    @Test
    void recreatesAChildDeletedByHandWithTheStableSpecWhenTheUserResumesIntoAFailedSpec() {
        // Given a suspend in flight, the user resumes into s2, which failed before
        var given =
                Scenarios.patching(BLUE)
                        .target("s2-suspended")
                        .desired("s2", RESUME)
                        .failed("s2")
                        .child(BLUE, absent());

        // When
        Plan plan = given.decide();

        // Then
        assertThat(plan)
                .hasActions(new DeployChild(BLUE, "s1", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null))
                .saysThat("failed before");
        assertThat(plan.record().failedSpecRef()).isEqualTo("s2");
    }

    @Test
    void recreatesAChildDeletedByHandWithItsTargetWhenTheFailedDesiredSpecIsSuspended() {
        // Given
        var given =
                Scenarios.patching(BLUE)
                        .desired("s2-suspended", SUSPEND)
                        .suspendedSpec()
                        .failed("s2-suspended")
                        .child(BLUE, absent());

        // When
        Plan plan = given.decide();

        // Then
        assertThat(plan)
                .hasActions(new DeployChild(BLUE, "s2", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null));
    }

    @Test
    void suspendInFlightGivesWayToAFailedDesiredSpecThatRuns() {
        // Given blue still stops with a savepoint for s2-suspended; the user resumes into s2
        var given =
                Scenarios.patching(BLUE)
                        .target("s2-suspended")
                        .desired("s2", RESUME)
                        .failed("s2")
                        .child(BLUE, stopping("s2-suspended"));

        // When
        Plan plan = given.decide();

        // Then blue returns to the stable spec instead of stopping; s2 is still not retried
        assertThat(plan)
                .movesTo(PATCHING_BLUE)
                .because(Reason.SUPERSEDED)
                .hasActions(new PatchChild(BLUE, "s1"));
        assertThat(plan.record().targetSpecRef()).isEqualTo("s1");
        assertThat(plan.record().failedSpecRef()).isEqualTo("s2");
    }

    @Test
    void suspendInFlightBackToAStableSpecGoesOnForAFailedDesiredSpec() {
        // Given a return to the stable spec s1-suspended (X's spec suspends it)
        var given =
                Scenarios.patching(BLUE)
                        .stable("s1-suspended")
                        .target("s1-suspended")
                        .desired("s2", RESUME)
                        .failed("s2")
                        .child(BLUE, stopping("s1-suspended"));

        // When
        Plan plan = given.decide();

        // Then there is nothing else to return to
        assertThat(plan).movesTo(PATCHING_BLUE).because(Reason.WAITING_FOR_GENERATION);
    }

    @Test
    void runningPatchGoesOnWhenTheDesiredSpecIsTheFailedOne() {
        // Given a patch to s3 while the user went back to s2, which failed before
        var given =
                Scenarios.patching(BLUE)
                        .target("s3")
                        .desired("s2", PATCH_CHILD)
                        .failed("s2")
                        .child(BLUE, unobserved("s3"));

        // When
        Plan plan = given.decide();

        // Then
        assertThat(plan).because(Reason.WAITING_FOR_GENERATION).hasNoActions();
    }
}
