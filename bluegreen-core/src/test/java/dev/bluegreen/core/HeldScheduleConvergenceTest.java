package dev.bluegreen.core;

import dev.bluegreen.core.simulation.Invariant;
import dev.bluegreen.core.simulation.InvariantViolation;
import dev.bluegreen.core.simulation.RandomSchedule;
import dev.bluegreen.core.simulation.TraceLine;
import dev.bluegreen.core.simulation.TransitionSimulator;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

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

    private final Map<Invariant, List<Long>> violatingSeeds = new EnumMap<>(Invariant.class);
    private final Map<String, Long> transitionsNotInTable = new TreeMap<>();
    private String firstViolation;
    private long steps;

    @Test
    void tenThousandSchedulesWithHeldDeadlinesConvergeAfterTheUsersAborts() {
        // Given
        long startNanos = System.nanoTime();

        // When
        for (long seed = 1; seed <= SCHEDULES; seed++) {
            runSchedule(seed);
        }
        long violations = violatingSeeds.values().stream().mapToLong(List::size).sum();
        System.out.printf(
                "simulator (holds): %d schedules, %d steps, %d invariant violations (%d ms)%n",
                SCHEDULES, steps, violations, (System.nanoTime() - startNanos) / 1_000_000);

        // Then
        assertThat(violatingSeeds)
                .as("seeds per breached invariant; the first violation:%n%s", firstViolation)
                .isEmpty();
        assertThat(transitionsNotInTable)
                .as("(from, reason, to) seen but missing from StateTable, with a seed")
                .isEmpty();
    }

    private void runSchedule(long seed) {
        TransitionPolicy policy = RandomSchedule.randomPolicy(seed, true);
        List<TraceLine> trace;
        try {
            trace = RandomSchedule.run(TransitionSimulator.builder().policy(policy), seed).trace();
        } catch (InvariantViolation v) {
            trace = v.trace();
            violatingSeeds.computeIfAbsent(v.invariant(), k -> new ArrayList<>()).add(seed);
            if (firstViolation == null) {
                firstViolation = "policy " + policy + "\n" + v.getMessage();
            }
        }
        steps += trace.size();
        for (TraceLine line : trace) {
            if (!StateTable.contains(line.from(), line.reason(), line.to())) {
                transitionsNotInTable.putIfAbsent(
                        line.from() + " -[" + line.reason() + "]-> " + line.to(), seed);
            }
        }
    }
}
