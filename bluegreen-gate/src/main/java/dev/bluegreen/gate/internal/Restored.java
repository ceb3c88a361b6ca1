package dev.bluegreen.gate.internal;

import java.util.List;

/**
 * What a gate subtask restores from a checkpoint: its memory (merged over the old subtasks), the
 * held records, and, for a keep window, the kept records, the unkept records' event times and the
 * id of the checkpoint (0 for none). Immutable (the items are what the caller put in).
 *
 * @param <T> the item type
 */
public final class Restored<T> {
    private final GateMemory memory;
    private final List<Held<T>> held;
    private final List<Held<T>> kept;
    private final List<Long> unkeptTimes;
    private final long checkpointId;
    private final long recovered;
    private final long lost;

    private Restored(
            GateMemory memory,
            List<Held<T>> held,
            List<Held<T>> kept,
            List<Long> unkeptTimes,
            long checkpointId,
            long recovered,
            long lost) {
        this.memory = memory;
        this.held = List.copyOf(held);
        this.kept = List.copyOf(kept);
        this.unkeptTimes = List.copyOf(unkeptTimes);
        this.checkpointId = checkpointId;
        this.recovered = recovered;
        this.lost = lost;
    }

    /** A restore of memory and held records only (no keep window, no checkpoint id). */
    public static <T> Restored<T> of(GateMemory memory, List<Held<T>> held) {
        return new Restored<>(memory, held, List.of(), List.of(), 0, 0, 0);
    }

    /** This restore with the keeper's records and unkept times. */
    public Restored<T> withKept(List<Held<T>> keptRecords, List<Long> times) {
        return new Restored<>(memory, held, keptRecords, times, checkpointId, recovered, lost);
    }

    /**
     * This restore with the hand-back counters of the old subtasks whose split state this subtask
     * got (so that the counts survive restarts and rescales without being counted twice).
     */
    public Restored<T> withCounts(long recoveredRecords, long lostRecords) {
        return new Restored<>(
                memory, held, kept, unkeptTimes, checkpointId, recoveredRecords, lostRecords);
    }

    /** This restore from checkpoint {@code id}. */
    public Restored<T> fromCheckpoint(long id) {
        return new Restored<>(memory, held, kept, unkeptTimes, id, recovered, lost);
    }

    public long recovered() {
        return recovered;
    }

    public long lost() {
        return lost;
    }

    public GateMemory memory() {
        return memory;
    }

    public List<Held<T>> held() {
        return held;
    }

    public List<Held<T>> kept() {
        return kept;
    }

    public List<Long> unkeptTimes() {
        return unkeptTimes;
    }

    public long checkpointId() {
        return checkpointId;
    }

    KeepState keepState() {
        return memory.keepState();
    }
}
