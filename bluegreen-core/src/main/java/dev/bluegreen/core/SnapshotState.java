package dev.bluegreen.core;

/** The {@code status.state} of an upstream FlinkStateSnapshot, plus {@link #UNKNOWN}. */
public enum SnapshotState {
    TRIGGER_PENDING,
    IN_PROGRESS,
    COMPLETED,
    FAILED,
    ABANDONED,
    UNKNOWN;

    /** Whether the snapshot reached a final state. */
    public boolean isFinal() {
        return this == COMPLETED || this == FAILED || this == ABANDONED;
    }
}
