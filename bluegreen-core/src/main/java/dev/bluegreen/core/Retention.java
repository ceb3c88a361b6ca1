package dev.bluegreen.core;

/** What happens to the previous child once traffic has moved and the deletion delay has passed. */
public enum Retention {
    /** Delete it (the default, as upstream). */
    DELETE,
    /** Suspend it (stop-with-savepoint); it can be resumed by hand. */
    SUSPEND,
    /** Keep it running dark for the rollback window, then delete it. */
    KEEP_RUNNING
}
