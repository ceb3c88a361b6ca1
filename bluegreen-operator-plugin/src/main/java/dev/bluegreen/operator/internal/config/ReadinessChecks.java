package dev.bluegreen.operator.internal.config;

/**
 * Which readiness checks need facts from the children's JobManager REST APIs: the source backlog
 * ({@code readiness.max-lag} set) and the completed-checkpoint count ({@code
 * readiness.min-completed-checkpoints} above 0). With neither, readiness makes no REST call.
 *
 * @param backlog whether the backlog of both children is read
 * @param checkpoints whether the incoming child's completed checkpoints are read
 */
public record ReadinessChecks(boolean backlog, boolean checkpoints) {
    /** No check reads a REST API (the default). */
    public static final ReadinessChecks NONE = new ReadinessChecks(false, false);

    /** Whether any check needs a REST read. */
    public boolean any() {
        return backlog || checkpoints;
    }
}
