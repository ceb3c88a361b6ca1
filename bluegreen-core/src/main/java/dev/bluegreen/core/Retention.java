package dev.bluegreen.core;

/** What happens to the previous child once traffic has moved and the deletion delay has passed. */
public enum Retention {
    /** Delete it (the default of {@link TransitionPolicy}, as upstream): its job is cancelled. */
    DELETE,
    /** Suspend it (stop-with-savepoint); it can be resumed by hand. */
    SUSPEND,
    /** Keep it running dark for the rollback window, then delete it. */
    KEEP_RUNNING,
    /**
     * Stop it with a savepoint first, so that a transactional sink (e.g. Kafka EXACTLY_ONCE)
     * commits its last transaction, then delete it once it is observed suspended. Cancelling
     * instead aborts the open transaction and loses the records written since the last completed
     * checkpoint. A child that is failing, or whose job does not run, has nothing a savepoint could
     * commit: it is deleted at once. Until the stopped child is gone, the next transition waits.
     */
    SUSPEND_THEN_DELETE
}
