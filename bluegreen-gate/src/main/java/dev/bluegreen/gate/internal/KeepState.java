package dev.bluegreen.gate.internal;

/**
 * The part of a keeper's state that goes into the gate's memory: which bound stopped keeping (""
 * for none), when keeping began (processing ms, {@link Long#MIN_VALUE} before), and how many unkept
 * records have no remembered time. Immutable.
 */
final class KeepState {
    static final KeepState NONE = new KeepState("", Long.MIN_VALUE, 0);

    private final String stopped;
    private final long openedAt;
    private final long uncounted;

    KeepState(String stopped, long openedAt, long uncounted) {
        this.stopped = stopped == null ? "" : stopped;
        this.openedAt = openedAt;
        this.uncounted = uncounted;
    }

    String stopped() {
        return stopped;
    }

    long openedAt() {
        return openedAt;
    }

    long uncounted() {
        return uncounted;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof KeepState)) {
            return false;
        }
        KeepState that = (KeepState) o;
        return stopped.equals(that.stopped)
                && openedAt == that.openedAt
                && uncounted == that.uncounted;
    }

    @Override
    public int hashCode() {
        return (stopped.hashCode() * 31 + Long.hashCode(openedAt)) * 31 + Long.hashCode(uncounted);
    }

    /**
     * Two subtasks' states combined for a rescaled restore: stopped if either was, earliest start.
     */
    KeepState mergedWith(KeepState other) {
        return new KeepState(
                stopped.isEmpty() ? other.stopped : stopped,
                earliest(openedAt, other.openedAt),
                uncounted + other.uncounted);
    }

    /** The earlier of two start times, {@link Long#MIN_VALUE} (not started) counting as none. */
    private static long earliest(long a, long b) {
        if (a == Long.MIN_VALUE) {
            return b;
        }
        return b == Long.MIN_VALUE ? a : Math.min(a, b);
    }
}
