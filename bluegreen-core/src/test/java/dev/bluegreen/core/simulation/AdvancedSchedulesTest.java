package dev.bluegreen.core.simulation;

import dev.bluegreen.core.StateTable;

import org.junit.jupiter.api.Test;

/**
 * Runs seeded random schedules in ADVANCED mode ({@link RandomSchedule#randomAdvancedPolicy}: the
 * engine hands over through a scripted gate that commits and drains late or never): zero invariant
 * violations, including the gate's ({@link Invariant#CUTOVER_BEFORE_TRAFFIC}, {@link
 * Invariant#OUTPUT_OWNER_KEPT}, {@link Invariant#DRAINED_BEFORE_RETIRED}, and, with retention
 * KEEP_RUNNING or SUSPEND, {@link Invariant#ABANDONED_CHILD_KEPT}), and every observed (from,
 * reason, to) is a row of {@link StateTable}. Replay a seed with {@code
 * RandomSchedule.run(TransitionSimulator.builder().policy(RandomSchedule.randomAdvancedPolicy(seed)),
 * seed)}.
 */
class AdvancedSchedulesTest {
    private static final int SCHEDULES = 5_000;

    @Test
    void randomAdvancedSchedulesKeepEveryInvariant() {
        // When
        var sweep = ScheduleSweep.run(SCHEDULES, RandomSchedule::randomAdvancedPolicy);
        System.out.println(sweep.summary("simulator (advanced)"));

        // Then
        sweep.assertClean();
    }
}
