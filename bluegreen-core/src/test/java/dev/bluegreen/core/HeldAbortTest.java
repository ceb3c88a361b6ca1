package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.BlueGreenState.Role;
import dev.bluegreen.core.simulation.RandomSchedule;
import dev.bluegreen.core.simulation.SimulationResult;
import dev.bluegreen.core.simulation.TransitionSimulator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.FAILING_BLUE;
import static dev.bluegreen.core.BlueGreenState.FAILING_GREEN;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static dev.bluegreen.core.ChangeKind.IGNORE;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static dev.bluegreen.core.StateTableFixtures.LATE;
import static dev.bluegreen.core.StateTableFixtures.hold;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A phase held at its deadline ({@link TimeoutAction#HOLD}) waits for the user, so the user's abort
 * must always end it in a resting state. Regressions of the random schedules with holds that did
 * not converge (seeds 3232, 3611, 7366: a held patch back to the stable spec ignored the abort;
 * seeds 1663, 3821: a held cutover whose children both failed ignored the abort).
 */
class HeldAbortTest {
    private static final Duration AFTER_CUTOVER = Duration.ofMinutes(6);

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "seed 3232: held patch back to stable after an aborted suspend, 3232",
        "seed 3611: held patch after a controller restart, 3611",
        "seed 7366: held patch with newer patch specs, 7366",
        "seed 1663: held cutover with both children failed, 1663",
        "seed 3821: held cutover aborted while paused, 3821"
    })
    void heldScheduleRestsAfterTheUsersAborts(String name, long seed) {
        // Given
        var builder = TransitionSimulator.builder().policy(RandomSchedule.randomPolicy(seed, true));

        // When
        SimulationResult result = RandomSchedule.run(builder, seed);

        // Then
        assertThat(result.finalState().role()).isIn(Role.ACTIVE, Role.FAILING, Role.SUSPENDED);
        assertThat(result.trafficColor()).isPresent();
        assertThat(result.child(result.trafficColor().get()).present()).isTrue();
    }

    /** X was patched back to the stable s1 after s2 failed, and is held at the patch deadline. */
    private static Given heldPatchBackToStable(Color x) {
        return Scenarios.patching(x)
                .target("s1")
                .failed("s2")
                .desired("s1", IGNORE)
                .child(x, Children.failing("s1", null))
                .after(LATE)
                .policy(p -> p.patch(hold(Duration.ofMinutes(10))));
    }

    @Test
    void abortOfAHeldPatchBackToTheStableSpecRestsFailingWithoutTouchingTheChild() {
        // Given
        var given = heldPatchBackToStable(BLUE).abort("a1");

        // When
        Plan plan = given.decide();

        // Then
        assertThat(plan)
                .movesTo(FAILING_BLUE)
                .because(Reason.ABORTED_BY_USER)
                .hasNoActions()
                .waitsForEvents()
                .record(
                        r -> {
                            assertThat(r.handledAbort()).isEqualTo("a1");
                            assertThat(r.targetSpecRef()).isNull();
                            assertThat(r.deadline()).isNull();
                            assertThat(r.stableSpecRef()).isEqualTo("s1");
                            assertThat(r.failedSpecRef()).isEqualTo("s2");
                        });
    }

    @Test
    void abortOfAPatchBackToTheStableSpecThatIsAlreadyRunningRecordsTheCompletion() {
        // Given
        var given = heldPatchBackToStable(BLUE).child(BLUE, Children.running("s1")).abort("a1");

        // When
        Plan plan = given.decide();

        // Then
        assertThat(plan)
                .movesTo(BlueGreenState.ACTIVE_BLUE)
                .because(Reason.PATCH_COMPLETED)
                .record(r -> assertThat(r.handledAbort()).isEqualTo("a1"));
    }

    @Test
    void heldPatchBackToTheStableSpecGivesWayToANewSpecThatNeedsATransition() {
        // Given
        var given = heldPatchBackToStable(BLUE).desired("s3", TRANSITION);

        // When
        Plan plan = given.decide();
        Plan next =
                Given.from(plan.record())
                        .desired("s3", TRANSITION)
                        .child(BLUE, Children.failing("s1", null))
                        .decide();

        // Then
        assertThat(plan).movesTo(FAILING_BLUE).because(Reason.SUPERSEDED).hasNoActions();
        assertThat(next).movesTo(TRANSITIONING_TO_GREEN).because(Reason.TRANSITION_FROM_FAILING);
    }

    /** Traffic moved to green (s2); both children failed; the cutover deadline is held. */
    private static Given heldCutoverBothFailed() {
        return Scenarios.retiring(BLUE)
                .child(BLUE, Children.failing("s1", null))
                .child(GREEN, Children.failing("s2", null))
                .after(AFTER_CUTOVER)
                .policy(p -> p.cutover(hold(Duration.ofMinutes(5))));
    }

    @Test
    void abortOfAHeldCutoverWhoseChildrenBothFailedKeepsTrafficOnTheNewChildAndRests() {
        // Given
        var given = heldCutoverBothFailed().abort("a1");

        // When
        Plan plan = given.decide();

        // Then
        assertThat(plan)
                .movesTo(FAILING_GREEN)
                .because(Reason.ABORTED_BY_USER)
                .hasNoActions()
                .waitsForEvents()
                .record(
                        r -> {
                            assertThat(r.handledAbort()).isEqualTo("a1");
                            assertThat(r.trafficColor()).isEqualTo(GREEN);
                            assertThat(r.stableSpecRef()).isEqualTo("s2");
                            assertThat(r.targetSpecRef()).isNull();
                            assertThat(r.deadline()).isNull();
                        });
    }

    @Test
    void abortBeforeTheCutoverDeadlineWhileNeitherChildRunsEndsTheChangeAtOnce() {
        // Given
        var given = heldCutoverBothFailed().after(Duration.ofMinutes(1)).abort("a1");

        // When
        Plan plan = given.decide();

        // Then
        assertThat(plan).movesTo(FAILING_GREEN).because(Reason.ABORTED_BY_USER).hasNoActions();
    }

    @Test
    void promoteOfAHeldCutoverWhoseChildrenBothFailedKeepsTrafficOnTheNewChild() {
        // Given
        var given = heldCutoverBothFailed().promote("p1");

        // When
        Plan plan = given.decide();

        // Then
        assertThat(plan)
                .movesTo(FAILING_GREEN)
                .because(Reason.PROMOTED_BY_USER)
                .hasNoActions()
                .record(
                        r -> {
                            assertThat(r.handledPromote()).isEqualTo("p1");
                            assertThat(r.stableSpecRef()).isEqualTo("s2");
                        });
    }

    @Test
    void abortWhileTheNewChildIsMissingRecreatesItFirstAndEndsTheChangeNext() {
        // Given
        var given = heldCutoverBothFailed().child(GREEN, Children.absent()).abort("a1");

        // When
        Plan recreate = given.decide();
        Plan next =
                Given.from(recreate.record())
                        .policy(p -> p.cutover(hold(Duration.ofMinutes(5))))
                        .desired("s2", TRANSITION)
                        .child(BLUE, Children.failing("s1", null))
                        .child(GREEN, Children.starting("s2"))
                        .abort("a1")
                        .after(AFTER_CUTOVER)
                        .decide();

        // Then
        assertThat(recreate)
                .movesTo(RETIRING_BLUE)
                .because(Reason.CHILD_RECREATED)
                .hasActions(new DeployChild(GREEN, "s2", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null))
                .record(r -> assertThat(r.handledAbort()).isNull());
        assertThat(next).movesTo(FAILING_GREEN).because(Reason.ABORTED_BY_USER).hasNoActions();
    }
}
