package dev.bluegreen.core;

/** What happens when a phase deadline passes. */
public enum TimeoutAction {
    /** Abandon the change and return to the last stable spec on the serving child (the default). */
    ROLLBACK,
    /** Keep everything as it is and report the stall; a user command (promote/abort) moves on. */
    HOLD
}
