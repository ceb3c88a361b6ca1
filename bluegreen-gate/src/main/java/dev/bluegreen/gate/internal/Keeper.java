package dev.bluegreen.gate.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * What the keeper colour keeps during a keep window: the records it dropped (the colour at risk
 * owns them), until that colour has committed them or they are handed back. Bounded by {@link
 * KeepLimits}: once a bound is reached it stops keeping; records it drops from then on are
 * <em>unkept</em>, and only their event times are remembered (up to {@value #UNKEPT_TIMES}, then
 * only their count), so a hand-back can say exactly how many it could not recover.
 *
 * <p>Pure and not thread-safe: one instance per gate subtask, task thread only. Kept records sit in
 * two parallel arrays (event time, item) in arrival order, so keeping costs no allocation per
 * record once the arrays have grown.
 *
 * @param <T> the item type
 */
final class Keeper<T> {
    /** Unkept records whose event times are remembered (8 bytes each); beyond, only counted. */
    static final int UNKEPT_TIMES = 1_000_000;

    private final KeepLimits limits;
    private final int maxRecords;
    private long[] times = new long[16];
    private Object[] items = new Object[16];
    private int size;
    private long keptMin = Long.MAX_VALUE;
    private boolean keeping = true;
    private final UnkeptTimes unkept;
    private String stopped = "";
    private long openedAt = Long.MIN_VALUE;
    private long bytes;
    private long recovered;
    private long lost;

    Keeper(KeepLimits limits) {
        this.limits = limits;
        this.maxRecords = limits.maxRecords();
        this.unkept = new UnkeptTimes(UNKEPT_TIMES);
    }

    /** Keeps a dropped record, or counts it as unkept once a bound was reached. */
    void keep(long eventTime, T item) {
        if (!keeping) {
            unkept.add(eventTime);
            return;
        }
        if (size == times.length) {
            grow();
        }
        times[size] = eventTime;
        items[size++] = item;
        if (eventTime < keptMin) {
            keptMin = eventTime;
        }
        if (size >= maxRecords) {
            stop("records");
        }
    }

    private void grow() {
        times = Arrays.copyOf(times, times.length * 2);
        items = Arrays.copyOf(items, items.length * 2);
    }

    /** Starts the time bound at {@code now} (processing ms) unless it already runs. */
    void open(long now) {
        if (openedAt == Long.MIN_VALUE) {
            openedAt = now;
        }
    }

    /** Checks the time bound (processing ms). */
    void tick(long now) {
        if (openedAt != Long.MIN_VALUE && now - openedAt >= limits.maxAgeMs()) {
            stop("time");
        }
    }

    /**
     * Records the kept records' serialized size (measured at a snapshot); checks the byte bound.
     */
    void measured(long serializedBytes) {
        bytes = serializedBytes;
        if (serializedBytes >= limits.maxBytes()) {
            stop("bytes");
        }
    }

    private void stop(String bound) {
        if (keeping) {
            keeping = false;
            stopped = bound;
        }
    }

    /**
     * Forgets kept and unkept records below {@code frontier}: the colour at risk committed them.
     */
    void forgetBelow(long frontier) {
        if (keptMin < frontier) {
            retain(t -> t >= frontier);
        }
        if (unkept.min() < frontier) {
            unkept.removeIf(t -> t < frontier);
        }
    }

    private void dropAll() {
        Arrays.fill(items, 0, size, null);
        size = 0;
        keptMin = Long.MAX_VALUE;
    }

    /**
     * Takes out the kept records that {@code nowMine} accepts (a hand-back gave them to this
     * colour), in arrival order, and counts the unkept ones it accepts as lost.
     *
     * @param nowMine whether an event time now belongs to this colour
     * @param handBack whether a hand-back is being applied: unkept records past the remembered
     *     capacity (time unknown) then count as lost too
     * @return the records to emit now
     */
    List<Held<T>> takeOwned(LongPredicate nowMine, boolean handBack) {
        List<Held<T>> taken = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            if (nowMine.test(times[i])) {
                taken.add(new Held<>(times[i], item(i)));
            }
        }
        if (!taken.isEmpty()) {
            retain(t -> !nowMine.test(t));
        }
        recovered += taken.size();
        lost += unkept.removeIf(nowMine);
        if (handBack) {
            // past the remembered capacity the times are unknown: counted lost (an upper bound)
            lost += unkept.takeUncounted();
        }
        return taken;
    }

    private void retain(LongPredicate keepIt) {
        int kept = 0;
        long min = Long.MAX_VALUE;
        for (int i = 0; i < size; i++) {
            if (keepIt.test(times[i])) {
                times[kept] = times[i];
                items[kept++] = items[i];
                min = Math.min(min, times[i]);
            }
        }
        Arrays.fill(items, kept, size, null);
        size = kept;
        keptMin = min;
    }

    /** Forgets everything and resets the bounds (the keep window closed). */
    void clear() {
        dropAll();
        unkept.removeIf(t -> true);
        keeping = true;
        stopped = "";
        openedAt = Long.MIN_VALUE;
        bytes = 0;
    }

    @SuppressWarnings("unchecked")
    private T item(int i) {
        return (T) items[i];
    }

    /** The kept records in arrival order (a copy, for snapshots). */
    List<Held<T>> kept() {
        List<Held<T>> copy = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            copy.add(new Held<>(times[i], item(i)));
        }
        return copy;
    }

    /** Restores kept records, unkept times and the keeping state saved with a snapshot. */
    void restore(Restored<T> saved) {
        restore(saved.kept(), saved.unkeptTimes(), saved.keepState());
        recovered = saved.recovered();
        lost = saved.lost();
    }

    private void restore(List<Held<T>> keptRecords, List<Long> unkeptTimes, KeepState state) {
        clear();
        for (Held<T> record : keptRecords) {
            keepRestored(record);
        }
        for (long t : unkeptTimes) {
            unkept.add(t);
        }
        unkept.addUncounted(state.uncounted());
        stopped = state.stopped();
        keeping = stopped.isEmpty();
        openedAt = state.openedAt();
    }

    private void keepRestored(Held<T> record) {
        if (size == times.length) {
            grow();
        }
        times[size] = record.eventTime();
        items[size++] = record.item();
        keptMin = Math.min(keptMin, record.eventTime());
    }

    /** The remembered event times of unkept records (a copy, for snapshots). */
    List<Long> unkeptTimes() {
        return unkept.times();
    }

    /** The keeping state for the gate's memory. */
    KeepState state() {
        return new KeepState(stopped, openedAt, unkept.uncounted());
    }

    int size() {
        return size;
    }

    /** Earliest event time kept, {@link Long#MAX_VALUE} for none. */
    long keptMin() {
        return keptMin;
    }

    long unkeptCount() {
        return unkept.count();
    }

    long unkeptFrom() {
        return unkept.min();
    }

    /** The bound that stopped keeping ({@code records}, {@code bytes}, {@code time}), or "". */
    String stopped() {
        return stopped;
    }

    long bytes() {
        return bytes;
    }

    long recovered() {
        return recovered;
    }

    long lost() {
        return lost;
    }
}
