package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.observe.SourceBacklog;

import java.time.Duration;
import java.time.Instant;

/**
 * The incoming job's backlog readings of one parent over the readiness window: what the engine gets
 * for a reading ({@code readiness.max-lag-window}). Kept by the controller's per-parent memory.
 */
@FunctionalInterface
public interface BacklogWindow {
    /** A window that passes every reading through. */
    BacklogWindow NONE = (jobId, now, read, window) -> read;

    /**
     * Adds a reading of job {@code jobId} at {@code now} and answers what the engine gets: the
     * largest reading of the last {@code window} once the readings span it, else unknown.
     */
    SourceBacklog add(String jobId, Instant now, SourceBacklog read, Duration window);
}
