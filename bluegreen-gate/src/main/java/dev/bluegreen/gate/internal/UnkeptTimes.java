package dev.bluegreen.gate.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * Event times of the records a keeper dropped without keeping them (a bound was reached), so that a
 * hand-back counts exactly the ones it cannot recover. At most {@code capacity} times are
 * remembered; beyond that only a count ({@link #uncounted()}). Pure, not thread-safe.
 */
final class UnkeptTimes {
    private final int capacity;
    private long[] times = new long[16];
    private int size;
    private long uncounted;
    private long min = Long.MAX_VALUE;

    UnkeptTimes(int capacity) {
        this.capacity = capacity;
    }

    void add(long eventTime) {
        if (size >= capacity) {
            uncounted++;
            return;
        }
        if (size == times.length) {
            times = Arrays.copyOf(times, Math.min(times.length * 2, Math.max(capacity, 16)));
        }
        times[size++] = eventTime;
        min = Math.min(min, eventTime);
    }

    void addUncounted(long count) {
        uncounted += count;
    }

    /**
     * Removes the times {@code test} accepts.
     *
     * @return how many were removed
     */
    long removeIf(LongPredicate test) {
        int kept = 0;
        long newMin = Long.MAX_VALUE;
        for (int i = 0; i < size; i++) {
            if (!test.test(times[i])) {
                times[kept++] = times[i];
                newMin = Math.min(newMin, times[i]);
            }
        }
        long removed = size - kept;
        size = kept;
        min = newMin;
        return removed;
    }

    /** Takes the count of records beyond the capacity (their times are unknown). */
    long takeUncounted() {
        long taken = uncounted;
        uncounted = 0;
        return taken;
    }

    /** Records dropped without keeping, remembered or only counted. */
    long count() {
        return size + uncounted;
    }

    /** Records beyond the capacity, whose times are unknown. */
    long uncounted() {
        return uncounted;
    }

    /** The earliest remembered time, {@link Long#MAX_VALUE} for none. */
    long min() {
        return min;
    }

    List<Long> times() {
        List<Long> copy = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            copy.add(times[i]);
        }
        return copy;
    }
}
