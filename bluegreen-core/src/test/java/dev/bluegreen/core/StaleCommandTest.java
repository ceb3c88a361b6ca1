package dev.bluegreen.core;

import org.junit.jupiter.api.Test;

import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.unobserved;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Command tokens issued while nothing is in flight are consumed by the resting state, so they never
 * act on a change that starts later (simulator seed 573 of an older build: a stale abort aborted
 * the next transition as soon as it started).
 */
class StaleCommandTest {

    @Test
    void abortWhileActiveIsConsumedAndDoesNotAbortTheNextTransition() {
        // Given: blue rests in ACTIVE_BLUE and the user aborts
        Plan resting = Scenarios.active(Color.BLUE).abort("a1").decide();
        PlanAssert.assertThat(resting)
                .movesTo(BlueGreenState.ACTIVE_BLUE)
                .because(Reason.ABORT_IGNORED)
                .hasNoActions()
                .saysThat("nothing in flight");
        assertThat(resting.record().handledAbort()).isEqualTo("a1");

        // When: a new spec starts a transition while the same abort token is still set
        Plan started =
                Given.from(resting.record())
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(Color.BLUE, running("s1"))
                        .abort("a1")
                        .decide();
        Plan next =
                Given.from(started.record())
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(Color.BLUE, running("s1"))
                        .snapshot(
                                started.record().savepoint().snapshotName(),
                                SnapshotState.IN_PROGRESS,
                                null)
                        .abort("a1")
                        .decide();

        // Then: the transition goes on
        PlanAssert.assertThat(started)
                .movesTo(BlueGreenState.SAVEPOINTING_BLUE)
                .because(Reason.SAVEPOINT_REQUESTED);
        PlanAssert.assertThat(next)
                .movesTo(BlueGreenState.SAVEPOINTING_BLUE)
                .because(Reason.SAVEPOINT_PENDING);
    }

    @Test
    void abortWhileFailingSuspendedOrInitializingIsConsumedWithoutOtherEffect() {
        var givens =
                new Given[] {
                    Scenarios.failing(Color.GREEN),
                    Scenarios.suspendedIn(Color.BLUE).suspendedSpec(),
                    Given.in(BlueGreenState.INITIALIZING_BLUE)
                            .stable(null)
                            .desired("s1", ChangeKind.TRANSITION)
                            .suspendedSpec()
                };
        for (Given given : givens) {
            // When
            Plan plan = given.abort("a1").decide();

            // Then
            TransitionRecord before = given.record();
            PlanAssert.assertThat(plan).movesTo(before.state()).because(Reason.ABORT_IGNORED);
            assertThat(plan.actions()).isEmpty();
            assertThat(plan.record()).isEqualTo(before.toBuilder().handledAbort("a1").build());
        }
    }

    @Test
    void abortWithTheFirstDeploymentIsConsumedAndDoesNotAbortIt() {
        // Given: the first spec runs and an abort token was issued before anything was deployed
        Plan deploy =
                Given.in(BlueGreenState.INITIALIZING_BLUE)
                        .stable(null)
                        .desired("s1", ChangeKind.TRANSITION)
                        .abort("a1")
                        .decide();
        PlanAssert.assertThat(deploy).because(Reason.INITIAL_DEPLOY);

        // When
        Plan next =
                Given.from(deploy.record())
                        .desired("s1", ChangeKind.TRANSITION)
                        .child(Color.BLUE, unobserved("s1"))
                        .abort("a1")
                        .decide();

        // Then
        PlanAssert.assertThat(next)
                .movesTo(BlueGreenState.TRANSITIONING_TO_BLUE)
                .because(Reason.WAITING_FOR_GENERATION);
    }

    @Test
    void promoteWithNothingToRetryIsConsumedAndDoesNotSkipTheNextSoak() {
        // Given: green rests in ACTIVE_GREEN with no failed spec and the user promotes
        Plan resting = Scenarios.active(Color.GREEN).promote("p1").decide();
        PlanAssert.assertThat(resting)
                .movesTo(BlueGreenState.ACTIVE_GREEN)
                .because(Reason.PROMOTE_IGNORED)
                .hasNoActions();
        assertThat(resting.record().handledPromote()).isEqualTo("p1");

        // When: a stateless transition deploys blue, which becomes stable and running
        Plan started =
                Given.from(resting.record())
                        .desired("s2", ChangeKind.TRANSITION)
                        .stateless()
                        .child(Color.GREEN, running("s1"))
                        .promote("p1")
                        .decide();
        Plan judged =
                Given.from(started.record())
                        .desired("s2", ChangeKind.TRANSITION)
                        .stateless()
                        .child(Color.GREEN, running("s1"))
                        .child(Color.BLUE, running("s2"))
                        .promote("p1")
                        .decide();

        // Then: blue soaks; the old promote does not switch at once
        PlanAssert.assertThat(started).movesTo(BlueGreenState.TRANSITIONING_TO_BLUE);
        PlanAssert.assertThat(judged)
                .movesTo(BlueGreenState.TRANSITIONING_TO_BLUE)
                .because(Reason.SOAKING);
    }

    @Test
    void promoteOfTheFailedSpecStillRetriesIt() {
        // Given
        var given =
                Scenarios.active(Color.BLUE)
                        .failed("s2")
                        .desired("s2", ChangeKind.PATCH_CHILD)
                        .promote("p1");

        // When
        Plan plan = given.decide();

        // Then
        PlanAssert.assertThat(plan)
                .movesTo(BlueGreenState.PATCHING_BLUE)
                .because(Reason.PATCH_STARTED)
                .record(r -> assertThat(r.failedSpecRef()).isNull());
        assertThat(plan.record().handledPromote()).isEqualTo("p1");
    }

    @Test
    void abortAndPromoteTogetherWhileActiveAreBothConsumed() {
        // When
        Plan plan = Scenarios.active(Color.BLUE).abort("a1").promote("p1").decide();

        // Then
        PlanAssert.assertThat(plan)
                .movesTo(BlueGreenState.ACTIVE_BLUE)
                .because(Reason.ABORT_IGNORED)
                .hasNoActions()
                .saysThat("abort a1 and promote p1 ignored");
        assertThat(plan.record().handledAbort()).isEqualTo("a1");
        assertThat(plan.record().handledPromote()).isEqualTo("p1");
    }
}
