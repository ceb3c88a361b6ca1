package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Reason;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded random schedules with holds and random analysis scripts whose user, while settling, only
 * aborts ({@link RandomSchedule#runAbortingOnly}): every hold must end under abort alone ({@link
 * Invariant#ABORT_ENDS_HOLD}), with zero violations of any invariant and every observed (from,
 * reason, to) a row of the engine's state table. Replay a seed with {@code
 * RandomSchedule.runAbortingOnly(TransitionSimulator.builder().policy(
 * RandomSchedule.randomAdvancedPolicy(seed)), seed)}.
 */
class AbortOnlySchedulesTest {
    private static final int SCHEDULES = 5_000;
    private static final Reason[] HELD = {
        Reason.DEADLINE_EXCEEDED_HOLD, Reason.CHILD_FAILED_HOLD, Reason.ANALYSIS_INCONCLUSIVE
    };

    @Test
    void everyHoldOfRandomSchedulesEndsUnderAbortAlone() {
        // When
        var sweep =
                ScheduleSweep.run(
                        SCHEDULES,
                        seed -> RandomSchedule.randomPolicy(seed, true),
                        RandomSchedule::runAbortingOnly);
        System.out.println(sweep.summary("simulator (holds, user only aborts)"));

        // Then
        sweep.assertClean();
        assertThat(sweep.reasonsSeen()).as("the schedules hold").contains(HELD);
    }

    @Test
    void everyHoldOfRandomAdvancedSchedulesEndsUnderAbortAlone() {
        // When
        var sweep =
                ScheduleSweep.run(
                        SCHEDULES,
                        RandomSchedule::randomAdvancedPolicy,
                        RandomSchedule::runAbortingOnly);
        System.out.println(sweep.summary("ADVANCED simulator (holds, user only aborts)"));

        // Then
        sweep.assertClean();
        assertThat(sweep.reasonsSeen()).as("the schedules hold").contains(HELD);
    }
}
