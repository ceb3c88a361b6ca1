package dev.bluegreen.core;

import dev.bluegreen.core.BlueGreenState.Role;
import dev.bluegreen.core.simulation.RandomSchedule;
import dev.bluegreen.core.simulation.SimulationResult;
import dev.bluegreen.core.simulation.TransitionSimulator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static dev.bluegreen.core.AnalysisStateTableFixtures.post;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.FAILING_BLUE;
import static dev.bluegreen.core.BlueGreenState.FAILING_GREEN;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.GatedStateTableFixtures.heldRollbackYFailed;
import static dev.bluegreen.core.GatedStateTableFixtures.ownedBy;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static dev.bluegreen.core.StateTableFixtures.hold;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A retirement held for the user ends under the user's abort, even where the abort cannot switch
 * traffic back: the serving child keeps the traffic, the other child is kept as it is, and the
 * message says so. Regressions of the ADVANCED random schedules with analysis that did not rest
 * (seeds 5858, 12315, 19209: a rollback retirement whose serving child stopped running held at the
 * cutover deadline, which only a promote released).
 */
class HeldRetirementAbortTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "seed 5858: aborted transition away from a failing child rolled back to it, 5858",
        "seed 12315: post-promotion rollback to a child that then failed, 12315",
        "seed 19209: post-promotion rollback with both children failed, 19209"
    })
    void heldRollbackRetirementRestsAfterTheUsersAborts(String name, long seed) {
        // Given
        var builder =
                TransitionSimulator.builder().policy(RandomSchedule.randomAdvancedPolicy(seed));

        // When
        SimulationResult result = RandomSchedule.runWithAnalysis(builder, seed);

        // Then
        assertThat(result.finalState().role()).isIn(Role.ACTIVE, Role.FAILING, Role.SUSPENDED);
        assertThat(result.trafficColor()).isPresent();
        assertThat(result.child(result.trafficColor().get()).present()).isTrue();
        assertThat(result.reasons()).contains(Reason.DEADLINE_EXCEEDED_HOLD);
    }

    @ParameterizedTest(name = "seed {0}")
    @CsvSource({"5858", "12315", "19209"})
    void heldRollbackRetirementRestsUnderAbortsAlone(long seed) {
        // Given
        var builder =
                TransitionSimulator.builder().policy(RandomSchedule.randomAdvancedPolicy(seed));

        // When
        SimulationResult result = RandomSchedule.runAbortingOnly(builder, seed);

        // Then
        assertThat(result.finalState().role()).isIn(Role.ACTIVE, Role.FAILING, Role.SUSPENDED);
    }

    @Test
    void abortOfAHeldRollbackWhoseServingChildFailedKeepsTheRunningRolledBackChild() {
        // Given blue (rolled back, s2) runs, green (s1) serves but failed; the cutover deadline
        // held
        var given = heldRollbackYFailed(BLUE).abort("a1");

        // When
        Plan plan = given.decide();

        // Then
        assertThat(plan)
                .movesTo(FAILING_GREEN)
                .because(Reason.ABORTED_BY_USER)
                .hasNoActions()
                .waitsForEvents()
                .saysThat("cutover to green passed its deadline; holding")
                .saysThat("the rollback to spec s1 cannot finish, green is not stable and running")
                .saysThat("blue (rolled back, running) is kept as it is, neither retired nor given")
                .record(
                        r -> {
                            assertThat(r.handledAbort()).isEqualTo("a1");
                            assertThat(r.trafficColor()).isEqualTo(GREEN);
                            assertThat(r.stableSpecRef()).isEqualTo("s1");
                            assertThat(r.failedSpecRef()).isEqualTo("s2");
                            assertThat(r.targetSpecRef()).isNull();
                            assertThat(r.deadline()).isNull();
                        });
    }

    @Test
    void theRunningRolledBackChildIsStillKeptAfterTheAbort() {
        // Given
        Plan aborted = heldRollbackYFailed(BLUE).abort("a1").decide();
        var next =
                Given.from(aborted.record())
                        .gated()
                        .desired("s1", ChangeKind.IGNORE)
                        .child(BLUE, Children.running("s2"))
                        .child(GREEN, Children.failing("s1", null))
                        .gate(ownedBy(GREEN))
                        .abort("a1");

        // When
        Plan plan = next.decide();

        // Then
        assertThat(plan).movesTo(FAILING_GREEN).keeps(BLUE).hasNoActions();
    }

    @Test
    void abortOfAHeldRollbackWhoseChildrenBothFailedKeepsTrafficOnTheServingChild() {
        // Given
        var given = heldRollbackYFailed(GREEN).child(GREEN, Children.failing("s2", null));

        // When
        Plan held = given.decide();
        Plan aborted = given.abort("a1").decide();

        // Then
        assertThat(held).because(Reason.DEADLINE_EXCEEDED_HOLD);
        assertThat(aborted)
                .movesTo(FAILING_BLUE)
                .because(Reason.ABORTED_BY_USER)
                .hasNoActions()
                .saysThat("green (rolled back, not running) is kept as it is");
    }

    @Test
    void abortOfAnInconclusivePostPromotionAnalysisWhileTheOldChildIsDownKeepsTheNewChild() {
        // Given green serves s2, its post-promotion analysis is inconclusive, blue is down
        var given =
                Scenarios.retiring(BLUE)
                        .child(BLUE, Children.starting("s1"))
                        .after(Duration.ofMinutes(2))
                        .analysis(post(AnalysisPhase.INCONCLUSIVE));

        // When
        Plan held = given.decide();
        Plan aborted = given.abort("a1").decide();

        // Then
        assertThat(held).movesTo(RETIRING_BLUE).because(Reason.ANALYSIS_INCONCLUSIVE);
        assertThat(aborted)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.ABORTED_BY_USER)
                .hasNoActions()
                .saysThat("post-promotion analysis is inconclusive")
                .saysThat("blue is not stable and running and cannot take the traffic back")
                .saysThat("blue is kept as it is, not retired")
                .record(
                        r -> {
                            assertThat(r.handledAbort()).isEqualTo("a1");
                            assertThat(r.trafficColor()).isEqualTo(GREEN);
                            assertThat(r.stableSpecRef()).isEqualTo("s2");
                            assertThat(r.targetSpecRef()).isNull();
                        });
    }

    @Test
    void abortOfAHeldDrainWhileTheOldChildIsDownKeepsTheNewChild() {
        // Given gated: blue is down and not drained 6 min after the switch (HOLD after 5 min)
        var given =
                GatedStateTableFixtures.undrainedLate(BLUE)
                        .child(BLUE, Children.starting("s1"))
                        .policy(p -> p.cutover(hold(Duration.ofMinutes(5))));

        // When
        Plan held = given.decide();
        Plan aborted = given.abort("a1").decide();

        // Then
        assertThat(held).movesTo(RETIRING_BLUE).because(Reason.DEADLINE_EXCEEDED_HOLD);
        assertThat(aborted)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.ABORTED_BY_USER)
                .hasNoActions()
                .saysThat("blue did not drain within PT5M; holding");
    }

    @Test
    void abortOfARetirementThatDoesNotHoldIsRecordedAndTheRetirementGoesOn() {
        // Given blue is down, green serves, the deletion delay has not passed
        var given = Scenarios.retiring(BLUE).child(BLUE, Children.starting("s1")).abort("a1");

        // When
        Plan plan = given.decide();

        // Then
        assertThat(plan)
                .movesTo(RETIRING_BLUE)
                .because(Reason.WAITING_TO_RETIRE)
                .keeps(BLUE)
                .record(r -> assertThat(r.handledAbort()).isEqualTo("a1"));
    }
}
