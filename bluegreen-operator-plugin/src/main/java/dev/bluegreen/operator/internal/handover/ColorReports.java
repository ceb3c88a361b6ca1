package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.core.Color;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.Stage;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The fresh reports of one colour's gate subtasks, and the facts the coordinator derives from them.
 * Immutable.
 */
final class ColorReports {
    private final Color color;
    private final int parallelism;
    private final Map<Integer, GateReport> bySubtask;

    private final boolean absent;

    private ColorReports(
            Color color, int parallelism, boolean absent, Map<Integer, GateReport> bySubtask) {
        this.color = color;
        this.parallelism = parallelism;
        this.absent = absent;
        this.bySubtask = bySubtask;
    }

    /**
     * The reports of {@code color} not older than {@code now - staleness}, for the expected
     * parallelism (negative: the largest parallelism the reports declare).
     */
    static ColorReports of(HandoverInput input, Color color) {
        Instant oldest = input.now().minus(input.staleness());
        var fresh = new TreeMap<Integer, GateReport>();
        int declared = 0;
        for (GateReport report : input.reports()) {
            if (Colors.core(report.color()) == color && report.at() >= oldest.toEpochMilli()) {
                fresh.put(report.subtask(), report);
                declared = Math.max(declared, report.parallelism());
            }
        }
        int expected = input.parallelism(color);
        int parallelism = expected < 0 ? declared : expected;
        fresh.keySet().removeIf(subtask -> subtask >= parallelism);
        fresh.values().removeIf(r -> r.parallelism() != parallelism);
        return new ColorReports(color, parallelism, expected == 0, fresh);
    }

    Color color() {
        return color;
    }

    int parallelism() {
        return parallelism;
    }

    int reporting() {
        return bySubtask.size();
    }

    /**
     * Whether this colour does not run (its child is gone): it decides no more records, so it
     * neither holds a handover back nor counts as drained.
     */
    boolean absent() {
        return absent;
    }

    /** Whether every subtask of this colour has a fresh report (vacuously when it is absent). */
    boolean complete() {
        return absent || parallelism > 0 && bySubtask.size() == parallelism;
    }

    /** How many subtasks report {@code test}. */
    int count(Predicate<GateReport> test) {
        return (int) bySubtask.values().stream().filter(test).count();
    }

    /** Whether every subtask of this colour (full parallelism) reports {@code test}. */
    boolean all(Predicate<GateReport> test) {
        return absent || complete() && count(test) == parallelism;
    }

    /** Whether a subtask reports a conflict with transition {@code n}. */
    boolean conflict(long n) {
        return count(r -> r.conflict() == n) > 0;
    }

    /** Whether every subtask is armed for the PROPOSED transition {@code n}. */
    boolean armed(long n) {
        return all(r -> r.transition() == n && isStage(r, Stage.PROPOSED) && r.holdsCutover());
    }

    int armedCount(long n) {
        return count(r -> r.transition() == n && isStage(r, Stage.PROPOSED) && r.holdsCutover());
    }

    /** Whether every subtask reports drained under the committed cutover {@code cutover}. */
    boolean drained(long cutover) {
        return !absent && all(r -> r.drained() && r.cutover() == cutover);
    }

    int drainedCount(long cutover) {
        return count(r -> r.drained() && r.cutover() == cutover);
    }

    /** The slowest watermark among the subtasks that are not idle (all if every one is idle). */
    long minWatermark() {
        List<GateReport> active = bySubtask.values().stream().filter(r -> !r.idle()).toList();
        var considered = active.isEmpty() ? List.copyOf(bySubtask.values()) : active;
        return considered.stream().mapToLong(GateReport::watermark).min().orElse(Long.MIN_VALUE);
    }

    long maxWatermark() {
        return bySubtask.values().stream()
                .mapToLong(GateReport::watermark)
                .max()
                .orElse(Long.MIN_VALUE);
    }

    long maxTimestamp() {
        return bySubtask.values().stream()
                .mapToLong(GateReport::maxTimestamp)
                .max()
                .orElse(Long.MIN_VALUE);
    }

    private static boolean isStage(GateReport report, Stage stage) {
        return report.stage().filter(s -> s == stage).isPresent();
    }
}
