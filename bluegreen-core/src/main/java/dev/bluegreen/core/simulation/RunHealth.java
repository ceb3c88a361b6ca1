package dev.bluegreen.core.simulation;

import dev.bluegreen.core.HealthFacts;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The health facts of one fake child's job runs: the checkpoint of a stable run, its last good
 * snapshot, and the run's scripted in-place restarts ({@link ChildScript#restartsAt()}): when the
 * next one falls due and how many happened. A new run counts from 0 again. Not thread-safe.
 */
final class RunHealth {
    private long checkpoints;
    private Instant lastCheckpointAt;
    private String lastGoodSnapshotPath;
    private Instant runStart;
    private List<Duration> offsets = List.of();
    private long restarts;
    private Instant notBefore;

    /** A new run started at {@code t}, restarting at {@code offsets} after it. */
    void runStarted(Instant t, List<Duration> offsets) {
        checkpoints = 0;
        lastCheckpointAt = null;
        runStart = t;
        this.offsets = offsets;
        restarts = 0;
        notBefore = t;
    }

    /** The run {@code jobId} became stable at {@code t}: one completed checkpoint. */
    void runStable(Instant t, String jobId) {
        checkpoints = 1;
        lastCheckpointAt = t;
        lastGoodSnapshotPath = "chk://" + jobId + "/1";
    }

    /** The run stopped (suspended): no restarts pending or reported; its snapshot stays. */
    void runStopped() {
        runStart = null;
        offsets = List.of();
        restarts = 0;
    }

    /** No run and no snapshot any more (the child is gone or created anew). */
    void clear() {
        runStopped();
        checkpoints = 0;
        lastCheckpointAt = null;
        lastGoodSnapshotPath = null;
    }

    /**
     * The script was replaced at {@code now}: the current run restarts at the new offsets still
     * ahead; the restarts so far stay counted.
     */
    void reschedule(List<Duration> value, Instant now) {
        offsets = value;
        notBefore = now.plusNanos(1);
    }

    /** When the next restart of the current run falls due, or {@code null}. */
    Instant nextRestartAt() {
        if (runStart == null) {
            return null;
        }
        Instant next = null;
        for (Duration offset : offsets) {
            Instant at = runStart.plus(offset);
            if (!at.isBefore(notBefore) && (next == null || at.isBefore(next))) {
                next = at;
            }
        }
        return next;
    }

    /** Applies the restart due at {@code t}; returns the run's restarts so far. */
    long restartAt(Instant t) {
        restarts++;
        notBefore = t.plusNanos(1);
        return restarts;
    }

    /**
     * The facts as observed: the restarts and the scripted {@code backlog} ({@code null}: unknown)
     * are known only while a run is current (started, not stopped, not gone).
     */
    HealthFacts facts(Long backlog) {
        boolean running = runStart != null;
        return new HealthFacts(
                checkpoints,
                lastCheckpointAt,
                lastGoodSnapshotPath,
                running ? backlog : null,
                null,
                null,
                running ? restarts : null);
    }
}
