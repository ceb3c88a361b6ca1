package dev.bluegreen.core.simulation;

import dev.bluegreen.core.PhaseDeadline;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TimeoutAction;
import dev.bluegreen.core.TransitionPolicy;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class RandomScheduleTest {

    private static Stream<TimeoutAction> deadlineActions(boolean withHolds) {
        return LongStream.rangeClosed(1, 200)
                .mapToObj(seed -> RandomSchedule.randomPolicy(seed, withHolds))
                .flatMap(RandomScheduleTest::deadlines)
                .map(PhaseDeadline::action);
    }

    private static Stream<PhaseDeadline> deadlines(TransitionPolicy p) {
        return Stream.of(p.savepoint(), p.readinessDeadline(), p.cutover(), p.patch());
    }

    @Test
    void defaultRandomPoliciesOnlyRollBack() {
        assertThat(deadlineActions(false)).containsOnly(TimeoutAction.ROLLBACK);
    }

    @Test
    void randomPoliciesWithHoldsMixBothActions() {
        assertThat(deadlineActions(true)).contains(TimeoutAction.HOLD, TimeoutAction.ROLLBACK);
    }

    @Test
    void advancedPoliciesAreGatedAndDrawEveryRetention() {
        // KEEP_RUNNING with gated hand-over exercises Invariant.ABANDONED_CHILD_KEPT (issue 15)
        var advanced =
                LongStream.rangeClosed(1, 200)
                        .mapToObj(RandomSchedule::randomAdvancedPolicy)
                        .toList();

        assertThat(advanced).allMatch(TransitionPolicy::gatedHandover);
        assertThat(advanced.stream().map(TransitionPolicy::retention)).contains(Retention.values());
    }

    @Test
    void theSameSeedGivesTheSamePolicy() {
        var first = RandomSchedule.randomPolicy(42);
        var second = RandomSchedule.randomPolicy(42);

        assertThat(deadlines(first).toList()).isEqualTo(deadlines(second).toList());
        assertThat(List.of(first.deletionDelay(), first.retention(), first.failingSource()))
                .isEqualTo(
                        List.of(
                                second.deletionDelay(),
                                second.retention(),
                                second.failingSource()));
    }

    @Test
    void aScheduleEndsRestingAfterEveryInvariantHeld() {
        var result =
                RandomSchedule.run(
                        TransitionSimulator.builder().policy(RandomSchedule.randomPolicy(7)), 7);

        assertThat(result.trace()).isNotEmpty();
        assertThat(result.finalState().inFlight()).isFalse();
    }
}
