package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Reason;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded random schedules with random analysis scripts ({@link RandomSchedule#runWithAnalysis})
 * through the simulator with the real engine: zero invariant violations, the analysis invariants
 * included, and every observed (from, reason, to) is a row of the engine's state table. Replay a
 * seed with {@code RandomSchedule.runWithAnalysis(TransitionSimulator.builder().policy(
 * RandomSchedule.randomPolicy(seed)), seed)}.
 */
class AnalysisSchedulesTest {
    private static final int SCHEDULES = 2_000;
    private static final Reason[] ANALYSED = {
        Reason.WAITING_FOR_ANALYSIS,
        Reason.ANALYSIS_FAILED,
        Reason.ANALYSIS_INCONCLUSIVE,
        Reason.ANALYSIS_ROLLBACK
    };

    @Test
    void randomSchedulesWithAnalysisKeepEveryInvariant() {
        var sweep =
                ScheduleSweep.run(
                        SCHEDULES, RandomSchedule::randomPolicy, RandomSchedule::runWithAnalysis);
        System.out.println(sweep.summary("simulator with analysis"));

        sweep.assertClean();
        assertThat(sweep.reasonsSeen())
                .as("the schedules reach every analysis row")
                .contains(ANALYSED);
    }

    @Test
    void randomAdvancedSchedulesWithAnalysisKeepEveryInvariant() {
        var sweep =
                ScheduleSweep.run(
                        SCHEDULES,
                        RandomSchedule::randomAdvancedPolicy,
                        RandomSchedule::runWithAnalysis);
        System.out.println(sweep.summary("ADVANCED simulator with analysis"));

        sweep.assertClean();
        assertThat(sweep.reasonsSeen())
                .as("the schedules reach every analysis row")
                .contains(ANALYSED);
    }
}
