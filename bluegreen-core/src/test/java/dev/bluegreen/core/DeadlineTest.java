package dev.bluegreen.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.PATCHING_BLUE;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.SAVEPOINTING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.starting;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/** Every phase has a deadline whose action is configurable: ROLLBACK (default) or HOLD. */
class DeadlineTest {
    private static final Duration TIMEOUT = Duration.ofMinutes(3);

    /** A phase: its scenario past the deadline, and the policy setter of its deadline. */
    private record Phase(
            Given late,
            BiFunction<TransitionPolicy.Builder, PhaseDeadline, TransitionPolicy.Builder> set,
            BlueGreenState rollbackState,
            String failedSpec) {}

    static Stream<Arguments> phases() {
        return Stream.of(
                Arguments.of(
                        "savepoint",
                        new Phase(
                                Scenarios.savepointing(BLUE)
                                        .deadlineIn(TIMEOUT)
                                        .snapshot(
                                                Scenarios.SAVEPOINT,
                                                SnapshotState.IN_PROGRESS,
                                                null)
                                        .after(TIMEOUT),
                                TransitionPolicy.Builder::savepoint,
                                ACTIVE_BLUE,
                                "s2")),
                Arguments.of(
                        "green start and readiness",
                        new Phase(
                                Scenarios.transitioning(GREEN).deadlineIn(TIMEOUT).after(TIMEOUT),
                                TransitionPolicy.Builder::readinessDeadline,
                                ACTIVE_BLUE,
                                "s2")),
                Arguments.of(
                        "catch-up",
                        new Phase(
                                Scenarios.transitioning(GREEN)
                                        .child(GREEN, running("s2"))
                                        .record(r -> r.readySince(Given.T0))
                                        .policy(p -> p.readiness(ReadinessPolicies.lagParity(10)))
                                        .after(TIMEOUT),
                                TransitionPolicy.Builder::catchUp,
                                ACTIVE_BLUE,
                                "s2")),
                Arguments.of(
                        "cutover",
                        new Phase(
                                Scenarios.retiring(BLUE)
                                        .deadlineIn(TIMEOUT)
                                        .child(BLUE, starting("s1"))
                                        .child(GREEN, starting("s2"))
                                        .after(TIMEOUT),
                                TransitionPolicy.Builder::cutover,
                                BlueGreenState.FAILING_GREEN,
                                null)),
                Arguments.of(
                        "patch",
                        new Phase(
                                Scenarios.patching(BLUE).deadlineIn(TIMEOUT).after(TIMEOUT),
                                TransitionPolicy.Builder::patch,
                                PATCHING_BLUE,
                                "s2")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("phases")
    void passedDeadlineRollsBackByDefault(String name, Phase phase) {
        Plan plan =
                phase.late
                        .policy(p -> phase.set.apply(p, PhaseDeadline.rollbackAfter(TIMEOUT)))
                        .decide();

        assertThat(plan)
                .movesTo(phase.rollbackState)
                .because(Reason.DEADLINE_EXCEEDED_ROLLBACK)
                .record(r -> assertThat(r.failedSpecRef()).isEqualTo(phase.failedSpec));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("phases")
    void passedDeadlineWithHoldKeepsEverythingAndWaitsForTheUser(String name, Phase phase) {
        var given =
                phase.late.policy(
                        p -> phase.set.apply(p, new PhaseDeadline(TIMEOUT, TimeoutAction.HOLD)));
        TransitionRecord before = given.record();

        Plan plan = given.decide();

        assertThat(plan)
                .movesTo(before.state())
                .because(Reason.DEADLINE_EXCEEDED_HOLD)
                .hasNoActions()
                .waitsForEvents()
                .keepsRecord(before);
    }

    @Test
    void deadlineDoesNotFireWhilePausedButRightAfterResume() {
        var late = Scenarios.transitioning(GREEN).after(Duration.ofMinutes(11));

        Plan paused = late.paused().decide();
        Plan resumed =
                Given.from(paused.record())
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(BLUE, running("s1"))
                        .child(GREEN, starting("s2"))
                        .after(Duration.ofMinutes(11))
                        .decide();

        assertThat(paused)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.PAUSED)
                .hasNoActions()
                .waitsForEvents();
        assertThat(resumed).movesTo(ACTIVE_BLUE).because(Reason.DEADLINE_EXCEEDED_ROLLBACK);
    }

    @Test
    void waitingRequeuesAtTheDeadlineNotAtAFixedPoll() {
        Plan plan =
                Scenarios.transitioning(GREEN)
                        .child(GREEN, starting("s2"))
                        .after(Duration.ofMinutes(4))
                        .decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.WAITING_FOR_READINESS)
                .requeuesAfter(Duration.ofMinutes(6));
    }

    @Test
    void soakInProgressOutlivesTheReadinessDeadline() {
        // Given green became ready 10 s before the readiness deadline passes
        var soaking =
                Scenarios.transitioning(GREEN)
                        .child(GREEN, running("s2"))
                        .record(r -> r.readySince(Given.T0.plus(Duration.ofSeconds(590))))
                        .after(Duration.ofSeconds(605));

        Plan plan = soaking.decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.SOAKING)
                .requeuesAfter(Duration.ofSeconds(15));
    }

    @Test
    void retiringRequeuesAtTheEndOfTheDeletionDelay() {
        Plan plan = Scenarios.retiring(BLUE).after(Duration.ofSeconds(20)).decide();

        assertThat(plan)
                .movesTo(RETIRING_BLUE)
                .because(Reason.WAITING_TO_RETIRE)
                .requeuesAfter(Duration.ofSeconds(40));
    }

    @Test
    void savepointPhaseRequeuesAtItsDeadline() {
        Plan plan =
                Scenarios.savepointing(BLUE)
                        .snapshot(Scenarios.SAVEPOINT, SnapshotState.IN_PROGRESS, null)
                        .after(Duration.ofMinutes(1))
                        .decide();

        assertThat(plan)
                .movesTo(SAVEPOINTING_BLUE)
                .because(Reason.SAVEPOINT_PENDING)
                .requeuesAfter(Duration.ofMinutes(9));
    }
}
