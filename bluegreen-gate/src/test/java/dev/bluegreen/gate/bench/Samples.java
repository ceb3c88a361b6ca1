package dev.bluegreen.gate.bench;

import dev.bluegreen.gate.rule.KeepProgress;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What {@link KeepWindowStateProgram} records and prints. Single-threaded. */
final class Samples {
    static final String HEADER =
            "| simulated s | blue kept records | kept bytes | bytes/record | blue state bytes"
                    + " (last snapshot) | green release delay p50 / p99 / max (ms, last 10 s) |\n"
                    + "|---|---|---|---|---|---|";

    private final List<long[]> rows = new ArrayList<>();
    private final List<Long> delays = new ArrayList<>();
    private final List<Long> allDelays = new ArrayList<>();
    private long blueState;

    void blueState(long bytes) {
        blueState = bytes;
    }

    void released(long delayMs) {
        delays.add(delayMs);
    }

    void print(long ms, KeepProgress keeping, long oldestWaitingMs) {
        delays.sort(null);
        long[] row = {
            ms,
            keeping.kept(),
            keeping.keptBytes(),
            blueState,
            at(0.5),
            at(0.99),
            max(),
            oldestWaitingMs
        };
        rows.add(row);
        System.out.printf(
                Locale.ROOT,
                "| %d | %,d | %,d | %s | %,d | %d / %d / %d |%n",
                ms / 1000,
                row[1],
                row[2],
                row[1] == 0 ? "-" : String.format(Locale.ROOT, "%.1f", row[2] / (double) row[1]),
                row[3],
                row[4],
                row[5],
                row[6]);
        allDelays.addAll(delays);
        delays.clear();
    }

    private long at(double quantile) {
        return delays.isEmpty()
                ? 0
                : delays.get((int) Math.min(delays.size() - 1, quantile * delays.size()));
    }

    private long max() {
        return delays.isEmpty() ? 0 : delays.get(delays.size() - 1);
    }

    /** Averages and maxima over the rows from {@code fromMs} of simulated time on. */
    String summary(long fromMs) {
        long n = 0;
        long kept = 0;
        long bytes = 0;
        long maxKept = 0;
        for (long[] row : rows) {
            if (row[0] >= fromMs) {
                n++;
                kept += row[1];
                bytes += row[2];
                maxKept = Math.max(maxKept, row[1]);
            }
        }
        allDelays.sort(null);
        long p50 = allDelays.isEmpty() ? 0 : allDelays.get(allDelays.size() / 2);
        long p99 = allDelays.isEmpty() ? 0 : allDelays.get((int) (allDelays.size() * 0.99));
        return String.format(
                Locale.ROOT,
                "steady state (from %d s, %d samples): kept %,d records on average (at most %,d),"
                        + " %.1f bytes per kept record; green's release delay over the run p50 %d ms,"
                        + " p99 %d ms, %,d records released",
                fromMs / 1000,
                n,
                n == 0 ? 0 : kept / n,
                maxKept,
                kept == 0 ? 0.0 : bytes / (double) kept,
                p50,
                p99,
                allDelays.size());
    }
}
