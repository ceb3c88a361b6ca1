package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.SuspendChild;

/**
 * The one mapping from {@link Retention} to the action that takes a child out of service. What
 * KEEP_RUNNING means depends on the situation: a replaced child has already been kept running for
 * the rollback window ({@link RetiringStep#retireAt}), so it is deleted; an abandoned child is kept
 * for analysis, so it is suspended. Package-private and stateless.
 */
final class Retirement {
    /** Why a child is retired. */
    enum Situation {
        /**
         * The previous child, once traffic moved to its successor and the deletion delay (and
         * rollback window) passed: the end of a transition.
         */
        REPLACED,
        /**
         * A child whose change was given up: a rolled-back incoming child, or the new child that
         * traffic switched back from.
         */
        ABANDONED
    }

    private Retirement() {}

    /**
     * The action that retires {@code color} in {@code situation}: DELETE deletes it, SUSPEND
     * suspends it, KEEP_RUNNING deletes a replaced child and suspends an abandoned one, and
     * SUSPEND_THEN_DELETE stops it with a savepoint unless it has no running job to stop ({@link
     * Leftover#retire}).
     */
    static Action action(Step s, Color color, Situation situation) {
        return switch (s.policy.retention()) {
            case DELETE -> new DeleteChild(color);
            case SUSPEND -> new SuspendChild(color);
            case KEEP_RUNNING ->
                    situation == Situation.REPLACED
                            ? new DeleteChild(color)
                            : new SuspendChild(color);
            case SUSPEND_THEN_DELETE -> Leftover.retire(s, color);
        };
    }
}
