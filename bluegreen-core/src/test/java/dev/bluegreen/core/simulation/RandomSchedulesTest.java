package dev.bluegreen.core.simulation;

import dev.bluegreen.core.StateTable;
import dev.bluegreen.core.TransitionPolicy;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs 10,000 seeded random schedules through the simulator with the real engine: zero invariant
 * violations, and every observed (from, reason, to) is a row of the engine's {@link StateTable}. A
 * failure names the seeds per invariant and shows the first trace; replay one with {@code
 * RandomSchedule.run(TransitionSimulator.builder().policy(RandomSchedule.randomPolicy(seed)),
 * seed)}.
 */
class RandomSchedulesTest {
    private static final int SCHEDULES = 10_000;

    private final Map<Invariant, List<Long>> violatingSeeds = new EnumMap<>(Invariant.class);
    private final Map<String, Long> transitionsNotInTable = new TreeMap<>();
    private String firstViolation;
    private long steps;

    @Test
    void tenThousandRandomSchedulesKeepEveryInvariant() {
        // Given
        long startNanos = System.nanoTime();

        // When
        for (long seed = 1; seed <= SCHEDULES; seed++) {
            runSchedule(seed);
        }
        long violations = violatingSeeds.values().stream().mapToLong(List::size).sum();
        System.out.printf(
                "simulator: %d schedules, %d steps, %d invariant violations (%d ms)%n",
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
        TransitionPolicy policy = RandomSchedule.randomPolicy(seed);
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
