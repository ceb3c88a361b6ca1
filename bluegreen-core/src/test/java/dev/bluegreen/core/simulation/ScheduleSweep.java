package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Reason;
import dev.bluegreen.core.StateTable;
import dev.bluegreen.core.TransitionPolicy;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.LongFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs seeded random schedules (seeds 1..n) through the simulator with the real engine and collects
 * what went wrong: the seeds per breached invariant, the first violation's trace, and every
 * observed (from, reason, to) missing from {@link StateTable}. Not thread-safe; one per test.
 */
public final class ScheduleSweep {
    private final Map<Invariant, List<Long>> violatingSeeds = new EnumMap<>(Invariant.class);
    private final Map<String, Long> transitionsNotInTable = new TreeMap<>();
    private String firstViolation;
    private long steps;
    private long schedules;
    private long elapsedMillis;
    private final Set<Reason> reasonsSeen = EnumSet.noneOf(Reason.class);
    private BiFunction<TransitionSimulator.Builder, Long, SimulationResult> schedule;

    private ScheduleSweep() {}

    /** Runs seeds {@code 1..schedules}, each with the policy {@code policyForSeed} gives it. */
    public static ScheduleSweep run(int schedules, LongFunction<TransitionPolicy> policyForSeed) {
        return run(schedules, policyForSeed, RandomSchedule::run);
    }

    /**
     * Runs seeds {@code 1..schedules}, each with the policy {@code policyForSeed} gives it, through
     * {@code schedule} (e.g. {@link RandomSchedule#runWithAnalysis}).
     */
    public static ScheduleSweep run(
            int schedules,
            LongFunction<TransitionPolicy> policyForSeed,
            BiFunction<TransitionSimulator.Builder, Long, SimulationResult> schedule) {
        var sweep = new ScheduleSweep();
        sweep.schedule = schedule;
        long startNanos = System.nanoTime();
        for (long seed = 1; seed <= schedules; seed++) {
            sweep.runSchedule(seed, policyForSeed.apply(seed));
        }
        sweep.schedules = schedules;
        sweep.elapsedMillis = (System.nanoTime() - startNanos) / 1_000_000;
        return sweep;
    }

    /**
     * One line such as {@code simulator: 10000 schedules, 704373 steps, 0 invariant violations}.
     */
    public String summary(String label) {
        long violations = violatingSeeds.values().stream().mapToLong(List::size).sum();
        return String.format(
                "%s: %d schedules, %d steps, %d invariant violations (%d ms)",
                label, schedules, steps, violations, elapsedMillis);
    }

    /** Every reason some step of some schedule gave. */
    public Set<Reason> reasonsSeen() {
        return EnumSet.copyOf(reasonsSeen);
    }

    /** Fails with the seeds and the first trace if any invariant broke or a row was missing. */
    public void assertClean() {
        assertThat(violatingSeeds)
                .as("seeds per breached invariant; the first violation:%n%s", firstViolation)
                .isEmpty();
        assertThat(transitionsNotInTable)
                .as("(from, reason, to) seen but missing from StateTable, with a seed")
                .isEmpty();
    }

    private void runSchedule(long seed, TransitionPolicy policy) {
        List<TraceLine> trace;
        try {
            trace = schedule.apply(TransitionSimulator.builder().policy(policy), seed).trace();
        } catch (InvariantViolation v) {
            trace = v.trace();
            violatingSeeds.computeIfAbsent(v.invariant(), k -> new ArrayList<>()).add(seed);
            if (firstViolation == null) {
                firstViolation = "policy " + policy + "\n" + v.getMessage();
            }
        }
        steps += trace.size();
        for (TraceLine line : trace) {
            reasonsSeen.add(line.reason());
            if (!StateTable.contains(line.from(), line.reason(), line.to())) {
                transitionsNotInTable.putIfAbsent(
                        line.from() + " -[" + line.reason() + "]-> " + line.to(), seed);
            }
        }
    }
}
