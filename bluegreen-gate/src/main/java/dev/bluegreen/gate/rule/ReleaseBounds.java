package dev.bluegreen.gate.rule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The release schedule of the colour at risk during a keep window (docs/gate.md, "Keep window and
 * cold hand-back"): entries {@code (checkpoint K, bound B)}, each meaning "from the barrier of
 * checkpoint {@code K} on, pass the records you own only when their event time is below {@code B}".
 * A gate applies an entry at a barrier, never in between, so the output its sink commits with a
 * checkpoint is exactly its owned records below the bound in force at that barrier.
 *
 * <p>Entries ascend in {@code K} and never decrease in {@code B}. Before the first entry the bound
 * is {@link Long#MIN_VALUE} (nothing is released). Text form {@code
 * 12:1700000000000,15:1700000004000} (empty for none). Immutable and thread-safe.
 */
public final class ReleaseBounds {
    /** No entry: nothing released. */
    public static final ReleaseBounds NONE = new ReleaseBounds(new long[0], new long[0]);

    private final long[] checkpoints;
    private final long[] bounds;

    private ReleaseBounds(long[] checkpoints, long[] bounds) {
        this.checkpoints = checkpoints;
        this.bounds = bounds;
    }

    /**
     * These bounds with one more entry.
     *
     * @param checkpoint the checkpoint id from whose barrier on {@code bound} applies; after every
     *     entry's id
     * @param bound event time, epoch ms; at least every entry's bound
     * @return the longer schedule
     * @throws IllegalArgumentException when the entry does not come after the others
     */
    public ReleaseBounds with(long checkpoint, long bound) {
        int n = checkpoints.length;
        if (n > 0 && (checkpoint <= checkpoints[n - 1] || bound < bounds[n - 1])) {
            throw new IllegalArgumentException(
                    "bounds: an entry must follow "
                            + checkpoints[n - 1]
                            + ":"
                            + bounds[n - 1]
                            + ", got "
                            + checkpoint
                            + ":"
                            + bound);
        }
        long[] k = Arrays.copyOf(checkpoints, n + 1);
        long[] b = Arrays.copyOf(bounds, n + 1);
        k[n] = checkpoint;
        b[n] = bound;
        return new ReleaseBounds(k, b);
    }

    /**
     * The bound in force at the barrier of {@code checkpoint}: that of the newest entry whose id is
     * at most {@code checkpoint}, {@link Long#MIN_VALUE} when there is none.
     *
     * @param checkpoint a checkpoint id
     * @return the bound, event time epoch ms
     */
    public long boundAt(long checkpoint) {
        long bound = Long.MIN_VALUE;
        for (int i = 0; i < checkpoints.length && checkpoints[i] <= checkpoint; i++) {
            bound = bounds[i];
        }
        return bound;
    }

    /** The id of the newest entry, 0 for none. */
    public long newestCheckpoint() {
        return checkpoints.length == 0 ? 0 : checkpoints[checkpoints.length - 1];
    }

    /** The bound of the newest entry, {@link Long#MIN_VALUE} for none. */
    public long newestBound() {
        return bounds.length == 0 ? Long.MIN_VALUE : bounds[bounds.length - 1];
    }

    /** Whether there is no entry. */
    public boolean isEmpty() {
        return checkpoints.length == 0;
    }

    /**
     * These bounds without the entries that no barrier at or after {@code checkpoint} can use: the
     * newest entry at or before it is kept, with every later one.
     *
     * @param checkpoint the oldest barrier id still to come
     * @return the shorter schedule, answering {@link #boundAt} alike for ids from {@code
     *     checkpoint}
     */
    public ReleaseBounds trimmedBefore(long checkpoint) {
        int first = 0;
        while (first + 1 < checkpoints.length && checkpoints[first + 1] <= checkpoint) {
            first++;
        }
        if (first == 0) {
            return this;
        }
        return new ReleaseBounds(
                Arrays.copyOfRange(checkpoints, first, checkpoints.length),
                Arrays.copyOfRange(bounds, first, bounds.length));
    }

    /**
     * The entries whose checkpoint id is at most {@code checkpoint}.
     *
     * @param checkpoint a checkpoint id
     * @return the shorter schedule (this one when nothing is cut)
     */
    public ReleaseBounds upTo(long checkpoint) {
        int n = 0;
        while (n < checkpoints.length && checkpoints[n] <= checkpoint) {
            n++;
        }
        if (n == checkpoints.length) {
            return this;
        }
        return new ReleaseBounds(Arrays.copyOf(checkpoints, n), Arrays.copyOf(bounds, n));
    }

    /** These bounds without the newest entry (this one when there is none). */
    public ReleaseBounds withoutNewest() {
        int n = checkpoints.length;
        if (n == 0) {
            return this;
        }
        return new ReleaseBounds(Arrays.copyOf(checkpoints, n - 1), Arrays.copyOf(bounds, n - 1));
    }

    /** The text form described in the class comment. */
    public String toText() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < checkpoints.length; i++) {
            text.append(i == 0 ? "" : ",").append(checkpoints[i]).append(':').append(bounds[i]);
        }
        return text.toString();
    }

    /**
     * Parses the text form.
     *
     * @param field the field name for errors, e.g. {@code command.bounds}
     * @param text the text; empty for none
     * @return the bounds
     * @throws IllegalArgumentException naming {@code field} when an entry does not parse or is out
     *     of order
     */
    public static ReleaseBounds parse(String field, String text) {
        ReleaseBounds parsed = NONE;
        for (String entry : entries(text)) {
            int colon = entry.indexOf(':');
            try {
                parsed =
                        parsed.with(
                                Long.parseLong(entry.substring(0, colon).trim()),
                                Long.parseLong(entry.substring(colon + 1).trim()));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(
                        field + ": expected checkpoint:bound entries, got \"" + text + "\"", e);
            }
        }
        return parsed;
    }

    private static List<String> entries(String text) {
        List<String> entries = new ArrayList<>();
        if (text != null && !text.trim().isEmpty()) {
            entries.addAll(Arrays.asList(text.trim().split(",")));
        }
        return entries;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ReleaseBounds
                && Arrays.equals(checkpoints, ((ReleaseBounds) o).checkpoints)
                && Arrays.equals(bounds, ((ReleaseBounds) o).bounds);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(checkpoints) * 31 + Arrays.hashCode(bounds);
    }

    @Override
    public String toString() {
        return toText();
    }
}
