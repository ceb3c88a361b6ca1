package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.CheckpointProgress;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.KeepProgress;
import dev.bluegreen.gate.rule.KeepWindow;

import java.util.List;
import java.util.TreeMap;
import java.util.function.LongPredicate;

/**
 * One gate subtask's part in the keep window of the command it applied (docs/gate.md, "Keep window
 * and cold hand-back"), and its checkpoint progress. As the <em>keeper</em> it keeps what it drops
 * ({@link Keeper}); as the colour <em>at risk</em> it passes the records it owns only below the
 * release bound in force, and that bound changes only at checkpoint barriers, so the output its
 * sink commits with a checkpoint is exactly its owned records below one event time.
 *
 * <p>Pure, not thread-safe: used by {@link SubtaskGate} on the task thread only.
 *
 * @param <T> the item type
 */
final class WindowRole<T> {
    private final Color color;
    private final long latenessMs;
    private final Keeper<T> keeper;
    private KeepWindow window = KeepWindow.CLOSED;
    private boolean ended;
    private long bound = Long.MIN_VALUE;
    private long lastBarrier;
    private long committed;
    private long restored;
    private long barrierWatermark = Long.MIN_VALUE;
    private long committedWatermark = Long.MIN_VALUE;
    private final TreeMap<Long, Long> watermarkAt = new TreeMap<>();

    WindowRole(Color color, GateSettings settings) {
        this.color = color;
        this.latenessMs = settings.allowedLatenessMs();
        this.keeper = new Keeper<>(settings.keepLimits());
    }

    /** Whether this subtask keeps what it drops. */
    boolean keeping() {
        return window.isOpen() && window.keeper().get() == color;
    }

    /** Whether this subtask releases what it owns only below its bound. */
    boolean atRisk() {
        return window.isOpen() && window.keeper().get() != color && !ended;
    }

    /** Event time from which dropped records are kept ({@link Long#MAX_VALUE}: none are). */
    long keepFrom() {
        return keeping() ? window.forget() : Long.MAX_VALUE;
    }

    /** Event time from which owned records wait for a barrier ({@link Long#MAX_VALUE}: none do). */
    long releaseFrom() {
        return atRisk() ? bound : Long.MAX_VALUE;
    }

    /**
     * Adopts the window of a newly applied command: a window that opens (or changes keeper) starts
     * with no bound; a keeper that is no longer one forgets what it kept.
     *
     * @param next the command's window
     * @param now processing time, epoch ms (starts the keeper's time bound)
     */
    void adopt(KeepWindow next, long now) {
        boolean sameKeeper = next.isOpen() && next.keeper().equals(window.keeper());
        if (!sameKeeper) {
            bound = Long.MIN_VALUE;
        }
        window = next;
        if (!keeping()) {
            keeper.clear();
            return;
        }
        keeper.open(now);
        keeper.forgetBelow(next.forget());
    }

    /**
     * A checkpoint barrier: puts the bound of the newest known entry at or before it in force, and
     * remembers the input watermark at it (reported once the checkpoint completed: every record a
     * source reads after that checkpoint is at or after it, less the lateness, even after a
     * restart, so a bound below it is safe in every later attempt).
     *
     * @param checkpointId the barrier's checkpoint id
     * @param watermark the input watermark at the barrier
     * @return whether the bound moved (held records may be due)
     */
    boolean barrier(long checkpointId, long watermark) {
        lastBarrier = Math.max(lastBarrier, checkpointId);
        barrierWatermark = watermark;
        watermarkAt.put(checkpointId, watermark);
        while (watermarkAt.size() > 8) {
            watermarkAt.pollFirstEntry();
        }
        long next = window.bounds().boundAt(checkpointId);
        if (atRisk() && next > bound) {
            bound = next;
            return true;
        }
        return false;
    }

    void completed(long checkpointId) {
        committed = Math.max(committed, checkpointId);
        Long at = watermarkAt.get(checkpointId);
        if (at != null) {
            committedWatermark = Math.max(committedWatermark, at);
        }
        watermarkAt.headMap(checkpointId, true).clear();
    }

    /** The input watermark at the last barrier (saved with the memory). */
    long barrierWatermark() {
        return barrierWatermark;
    }

    void keep(long eventTime, T item) {
        keeper.keep(eventTime, item);
    }

    void tick(long now) {
        keeper.tick(now);
    }

    void measured(long keptBytes) {
        keeper.measured(keptBytes);
    }

    List<Held<T>> takeOwned(LongPredicate nowMine, boolean handBack) {
        return keeper.takeOwned(nowMine, handBack);
    }

    /** The input ended: nothing waits for a barrier any more. */
    void end() {
        ended = true;
    }

    /** Earliest kept event time, {@link Long#MAX_VALUE} for none. */
    long keptMin() {
        return keeper.keptMin();
    }

    List<Held<T>> kept() {
        return keeper.kept();
    }

    List<Long> unkeptTimes() {
        return keeper.unkeptTimes();
    }

    long bound() {
        return bound;
    }

    KeepState keepState() {
        return keeper.state();
    }

    /** Restores the window's state saved at checkpoint {@code checkpointId} (0: none). */
    void restore(KeepWindow restoredWindow, GateMemory memory, Restored<T> saved) {
        window = restoredWindow;
        bound = memory.bound();
        // the restored checkpoint completed: its watermark is the committed one
        barrierWatermark = memory.barrierWatermark();
        committedWatermark = barrierWatermark;
        restored = saved.checkpointId();
        lastBarrier = restored;
        committed = restored;
        keeper.restore(saved);
    }

    CheckpointProgress checkpoints() {
        return new CheckpointProgress(
                lastBarrier,
                committed,
                restored,
                atRisk() ? bound : Long.MIN_VALUE,
                window.bounds().newestCheckpoint(),
                latenessMs,
                committedWatermark);
    }

    KeepProgress keepProgress() {
        long keptMin = keeper.keptMin();
        long unkeptMin = keeper.unkeptFrom();
        return new KeepProgress(
                keeper.size(),
                keeper.bytes(),
                keptMin == Long.MAX_VALUE ? Long.MIN_VALUE : keptMin,
                keeper.unkeptCount(),
                unkeptMin == Long.MAX_VALUE ? Long.MIN_VALUE : unkeptMin,
                keeper.stopped(),
                keeper.recovered(),
                keeper.lost());
    }
}
