package dev.bluegreen.core;

/**
 * A child FlinkDeployment's {@code status.lifecycleState}, as the upstream operator writes it, plus
 * {@link #UNKNOWN} for a missing or unrecognised value.
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
    UNKNOWN
}
