package dev.bluegreen.kafka.example.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;

/**
 * Benchmark support: end-to-end latency and output stalls of one handover run, computed from when
 * each id was sent (feeder, wall clock) and first read committed (tail, wall clock), split into
 * three phases by the moments green started and blue was retired. Immutable after construction.
 */
final class HandoverMeasurement {
    /** Phases of a run, by wall-clock time. */
    enum Phase {
        BLUE_ALONE,
        OVERLAP,
        GREEN_ALONE
    }

    private final long warmEndMs;
    private final long savepointMs;
    private final long greenStartMs;
    private final long commitMs;
    private final long blueRetiredMs;
    private final long[][] latencies = new long[3][];
    private final long[] seenTimes;

    /**
     * @param sent ids {@code 0 .. sent-1} were sent
     * @param sentAt wall-clock send time of an id, epoch ms
     * @param firstSeen wall-clock time an id was first read committed, if it was
     * @param warmEndMs ids sent before this are start-up, left out
     * @param savepointMs when blue's savepoint (green's starting point) was triggered
     * @param greenStartMs when green was submitted
     * @param commitMs when the controller committed the cutover
     * @param blueRetiredMs when blue's retirement (stop or cancel) finished
     */
    HandoverMeasurement(
            long sent,
            LongFunction<Long> sentAt,
            LongFunction<OptionalLong> firstSeen,
            long warmEndMs,
            long savepointMs,
            long greenStartMs,
            long commitMs,
            long blueRetiredMs) {
        this.warmEndMs = warmEndMs;
        this.savepointMs = savepointMs;
        this.greenStartMs = greenStartMs;
        this.commitMs = commitMs;
        this.blueRetiredMs = blueRetiredMs;
        long[][] byPhase = {new long[(int) sent], new long[(int) sent], new long[(int) sent]};
        int[] counts = new int[3];
        long[] seen = new long[(int) sent];
        int seenCount = 0;
        for (long id = 0; id < sent; id++) {
            OptionalLong at = firstSeen.apply(id);
            long sentMs = sentAt.apply(id);
            if (at.isEmpty() || sentMs < warmEndMs) {
                continue;
            }
            seen[seenCount++] = at.getAsLong();
            int phase = phaseAt(sentMs).ordinal();
            byPhase[phase][counts[phase]++] = at.getAsLong() - sentMs;
        }
        for (int p = 0; p < 3; p++) {
            latencies[p] = Arrays.copyOf(byPhase[p], counts[p]);
            Arrays.sort(latencies[p]);
        }
        seenTimes = Arrays.copyOf(seen, seenCount);
        Arrays.sort(seenTimes);
    }

    /** The phase a wall-clock time falls in. */
    Phase phaseAt(long wallMs) {
        if (wallMs < greenStartMs) {
            return Phase.BLUE_ALONE;
        }
        return wallMs < blueRetiredMs ? Phase.OVERLAP : Phase.GREEN_ALONE;
    }

    /** Latency of the ids sent in {@code phase}, ms: {@code [p50, p99, max]}, -1 for none. */
    long[] latency(Phase phase) {
        long[] values = latencies[phase.ordinal()];
        if (values.length == 0) {
            return new long[] {-1, -1, -1};
        }
        int p99 = (int) Math.min(values.length - 1, Math.ceil(values.length * 0.99) - 1);
        return new long[] {values[values.length / 2], values[p99], values[values.length - 1]};
    }

    /**
     * The longest wall-clock gap between two consecutive reads that brought new committed ids,
     * among gaps ending in {@code phase} (null: any phase).
     *
     * @return {@code [gapMs, gapEndMs]}, or {@code [0, 0]} when there is none
     */
    long[] longestStall(Phase phase) {
        return longestStall(wallMs -> phase == null || phaseAt(wallMs) == phase);
    }

    /**
     * The longest gap (as {@link #longestStall(Phase)}) among gaps ending in the cutover window:
     * from the commit to {@code afterRetiredMs} after blue's retirement, i.e. where blue's last and
     * green's first transactions become readable, away from the savepoint.
     */
    long[] longestStallAroundCutover(long afterRetiredMs) {
        return longestStallEndingIn(commitMs, blueRetiredMs + afterRetiredMs);
    }

    /**
     * The longest gap (as {@link #longestStall(Phase)}) among gaps ending in the whole handover:
     * from green's start to {@code afterRetiredMs} after blue's retirement (blue's savepoint, whose
     * transaction commits only at blue's next checkpoint, included).
     */
    long[] longestStallAroundHandover(long afterRetiredMs) {
        return longestStallEndingIn(greenStartMs, blueRetiredMs + afterRetiredMs);
    }

    private long[] longestStallEndingIn(long fromMs, long toMs) {
        return longestStall(wallMs -> wallMs >= fromMs && wallMs <= toMs);
    }

    private long[] longestStall(LongPredicate endsIn) {
        long best = 0;
        long bestEnd = 0;
        for (int i = 1; i < seenTimes.length; i++) {
            long gap = seenTimes[i] - seenTimes[i - 1];
            if (endsIn.test(seenTimes[i]) && gap > best) {
                best = gap;
                bestEnd = seenTimes[i];
            }
        }
        return new long[] {best, bestEnd};
    }

    /**
     * Where a wall-clock moment is, for the report: its phase and its offset from the nearest of
     * blue's savepoint, green's start, the commit and blue's retirement, e.g. {@code "OVERLAP,
     * commit+0.8s"}.
     */
    String where(long wallMs) {
        String[] names = {"savepoint", "green start", "commit", "blue retired"};
        long[] moments = {savepointMs, greenStartMs, commitMs, blueRetiredMs};
        int nearest = 0;
        for (int i = 1; i < moments.length; i++) {
            if (Math.abs(wallMs - moments[i]) < Math.abs(wallMs - moments[nearest])) {
                nearest = i;
            }
        }
        double offset = (wallMs - moments[nearest]) / 1000.0;
        return String.format(Locale.ROOT, "%s, %s%+.1fs", phaseAt(wallMs), names[nearest], offset);
    }

    /** Ids sent before this wall-clock time are start-up and left out. */
    long warmEndMs() {
        return warmEndMs;
    }
}
