package dev.bluegreen.core;

import dev.bluegreen.core.simulation.RandomSchedule;
import dev.bluegreen.core.simulation.ScheduleSweep;

import org.junit.jupiter.api.Test;

/**
 * Runs 10,000 seeded random schedules whose policies hold phases at their deadlines ({@code
 * RandomSchedule.randomPolicy(seed, true)}): the user's aborts while settling must end every held
 * change, so no invariant breaks (convergence included) and every observed (from, reason, to) is a
 * row of {@link StateTable}. Replay a seed with {@code
 * RandomSchedule.run(TransitionSimulator.builder().policy(RandomSchedule.randomPolicy(seed, true)),
 * seed)}.
 */
class HeldScheduleConvergenceTest {
    private static final int SCHEDULES = 10_000;

    @Test
    void tenThousandSchedulesWithHeldDeadlinesConvergeAfterTheUsersAborts() {
        // When
        var sweep = ScheduleSweep.run(SCHEDULES, seed -> RandomSchedule.randomPolicy(seed, true));
        System.out.println(sweep.summary("simulator (holds)"));

        // Then
        sweep.assertClean();
    }
}
