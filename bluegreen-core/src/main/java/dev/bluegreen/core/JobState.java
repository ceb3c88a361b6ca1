package dev.bluegreen.core;

/**
 * A child FlinkDeployment's {@code status.jobStatus.state} (Flink's job status plus the operator's
 * RECONCILING), plus {@link #UNKNOWN} for a missing or unrecognised value.
 */
public enum JobState {
    INITIALIZING,
    CREATED,
    RUNNING,
    FAILING,
    FAILED,
    CANCELLING,
    CANCELED,
    FINISHED,
    RESTARTING,
    SUSPENDED,
    RECONCILING,
    UNKNOWN;

    /** Whether the job is terminally or currently failing. */
    public boolean isFailure() {
        return this == FAILING || this == FAILED || this == RESTARTING;
    }

    /** Whether the job was stopped or ended and emits nothing any more (failures excluded). */
    public boolean isStopped() {
        return this == CANCELLING || this == CANCELED || this == FINISHED || this == SUSPENDED;
    }
}
