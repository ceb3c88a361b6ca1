package dev.bluegreen.core.simulation;

import dev.bluegreen.core.StateTable;

import org.junit.jupiter.api.Test;

/**
 * Runs 10,000 seeded random schedules through the simulator with the real engine: zero invariant
 * violations, and every observed (from, reason, to) is a row of the engine's {@link StateTable}. A
 * failure names the seeds per invariant and shows the first trace; replay one with {@code
 * RandomSchedule.run(TransitionSimulator.builder().policy(RandomSchedule.randomPolicy(seed)),
 * seed)}.
 */
class RandomSchedulesTest {
    private static final int SCHEDULES = 10_000;

    @Test
    void tenThousandRandomSchedulesKeepEveryInvariant() {
        // When
        var sweep = ScheduleSweep.run(SCHEDULES, RandomSchedule::randomPolicy);
        System.out.println(sweep.summary("simulator"));

        // Then
        sweep.assertClean();
    }
}
