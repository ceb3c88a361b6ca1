package dev.bluegreen.operator.internal.config;

import java.time.Duration;
import java.util.Objects;

/**
 * Which readiness checks need facts from the children's JobManager REST APIs: the source backlog
 * ({@code readiness.max-lag} set) and the completed-checkpoint count ({@code
 * readiness.min-completed-checkpoints} above 0). With neither, readiness makes no REST call.
 *
 * @param backlog whether the backlog of both children is read
 * @param checkpoints whether the incoming child's completed checkpoints are read
 * @param backlogWindow how long the incoming child's backlog must be read before it counts; the
 *     largest reading of that window counts ({@code readiness.max-lag-window})
 */
public record ReadinessChecks(boolean backlog, boolean checkpoints, Duration backlogWindow) {
    /** No check reads a REST API (the default). */
    public static final ReadinessChecks NONE = new ReadinessChecks(false, false);

    public ReadinessChecks {
        Objects.requireNonNull(backlogWindow, "backlogWindow == null");
    }

    /** Checks whose backlog counts as read (a zero window). */
    public ReadinessChecks(boolean backlog, boolean checkpoints) {
        this(backlog, checkpoints, Duration.ZERO);
    }

    /** Whether any check needs a REST read. */
    public boolean any() {
        return backlog || checkpoints;
    }
}
