package dev.bluegreen.core;

/**
 * A child FlinkDeployment's {@code status.lifecycleState}, as the upstream operator writes it, plus
 * {@link #REJECTED} (the observer's reading, not an upstream value) and {@link #UNKNOWN} for a
 * missing or unrecognised value.
 */
public enum Lifecycle {
    CREATED,
    SUSPENDED,
    UPGRADING,
    DEPLOYED,
    STABLE,
    ROLLING_BACK,
    ROLLED_BACK,
    FAILED,
    DELETING,
    DELETED,
    /**
     * Not written by the upstream operator: the observer's reading of a child whose newest
     * generation the operator refused. The operator leaves the generation unobserved and writes an
     * error (a validation error; or any error with lifecycle FAILED before the first deployment)
     * that was not there when the controller last wrote the child. Upstream shows {@code FAILED}
     * before the first deployment and keeps the lifecycle of the running spec after it.
     */
    REJECTED,
    UNKNOWN
}
