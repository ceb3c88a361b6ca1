package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.core.Color;
import dev.bluegreen.operator.internal.observe.SourceBacklog;

/**
 * What the children's JobManager REST APIs said for the readiness checks in one reconcile (see
 * {@link Readiness}). Immutable.
 *
 * @param blue blue's readings, or {@code null} when none were read
 * @param green green's readings, or {@code null} when none were read
 */
public record Readings(Child blue, Child green) {
    /**
     * The readings of one child.
     *
     * @param completedCheckpoints the completed checkpoints, or {@code null} when not read (or not
     *     readable: then {@code checkpointsUnknown} says why)
     * @param checkpointsUnknown why the checkpoints could not be read, or {@code null}
     * @param backlog the source backlog (over the backlog window for the incoming child), or {@code
     *     null} when not read
     * @param restarts the restarts of the job run (Flink's {@code numRestarts}), or {@code null}
     *     when not read (or not readable)
     */
    public record Child(
            Long completedCheckpoints,
            String checkpointsUnknown,
            SourceBacklog backlog,
            Long restarts) {
        /** Readings without the restarts. */
        public Child(Long completedCheckpoints, String checkpointsUnknown, SourceBacklog backlog) {
            this(completedCheckpoints, checkpointsUnknown, backlog, null);
        }
    }

    /** The readings of {@code color}, or {@code null}. */
    public Child of(Color color) {
        return color == Color.BLUE ? blue : green;
    }
}
