package dev.bluegreen.operator.internal.config;

import java.time.Duration;
import java.util.Objects;

/**
 * Which readiness checks need facts from the children's JobManager REST APIs: the source backlog
 * ({@code readiness.max-lag} set) and the completed-checkpoint count ({@code
 * readiness.min-completed-checkpoints} above 0), and all of them plus the restarts when an
 * extension is named. With none, readiness makes no REST call.
 *
 * @param backlog whether the backlog of both children is read
 * @param checkpoints whether the incoming child's completed checkpoints are read
 * @param backlogWindow how long the incoming child's backlog must be read before it counts; the
 *     largest reading of that window counts ({@code readiness.max-lag-window})
 * @param restarts whether the incoming child's restarts are read (Flink's {@code numRestarts} job
 *     metric): when an extension is named, every reading is taken for its policy
 */
public record ReadinessChecks(
        boolean backlog, boolean checkpoints, Duration backlogWindow, boolean restarts) {
    /** No check reads a REST API (the default). */
    public static final ReadinessChecks NONE = new ReadinessChecks(false, false);

    public ReadinessChecks {
        Objects.requireNonNull(backlogWindow, "backlogWindow == null");
    }

    /** Checks that read no restarts. */
    public ReadinessChecks(boolean backlog, boolean checkpoints, Duration backlogWindow) {
        this(backlog, checkpoints, backlogWindow, false);
    }

    /** Every reading, for an extension's policy: backlog, checkpoints and restarts. */
    public static ReadinessChecks all(Duration backlogWindow) {
        return new ReadinessChecks(true, true, backlogWindow, true);
    }

    /** Checks whose backlog counts as read (a zero window). */
    public ReadinessChecks(boolean backlog, boolean checkpoints) {
        this(backlog, checkpoints, Duration.ZERO);
    }

    /** Whether any check needs a REST read. */
    public boolean any() {
        return backlog || checkpoints || restarts;
    }
}
