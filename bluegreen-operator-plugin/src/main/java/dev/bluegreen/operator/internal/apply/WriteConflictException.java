package dev.bluegreen.operator.internal.apply;

/**
 * A write lost an optimistic-locking race (HTTP 409): someone changed the object since it was read.
 * The controller requeues soon and decides again on fresh data; it never retries the write blindly.
 */
public final class WriteConflictException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A conflict on the object named in {@code what}. */
    public WriteConflictException(String what, Throwable cause) {
        super("conflict writing " + what + ": it changed since it was read", cause);
    }
}
