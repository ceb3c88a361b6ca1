package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.SuspendChild;

import java.util.List;
import java.util.Optional;

/**
 * The rules of {@link Retention#SUSPEND_THEN_DELETE}: a child whose job may still hold output in an
 * open transaction is stopped with a savepoint ({@link SuspendChild}) before it is deleted, and a
 * leftover child being stopped is waited for. Package-private and stateless.
 */
final class Leftover {
    private Leftover() {}

    /**
     * Whether {@code child} must be stopped with a savepoint before it is deleted: the retention is
     * SUSPEND_THEN_DELETE and the child is present, not failing (a failed job cannot take a
     * savepoint, and what it wrote since its last checkpoint is aborted by its failure anyway), not
     * yet observed suspended, and its job runs (or its state is unknown: it may run unobserved) or
     * is being stopped by its spec.
     */
    static boolean stopFirst(Step s, ChildObservation child) {
        return s.policy.retention() == Retention.SUSPEND_THEN_DELETE
                && child.present()
                && !child.failing()
                && !child.suspendedObserved()
                && (mayRun(child.jobState()) || child.suspendedBySpec());
    }

    private static boolean mayRun(JobState state) {
        return state == JobState.RUNNING || state == JobState.UNKNOWN;
    }

    /**
     * The action that retires {@code color} under SUSPEND_THEN_DELETE: a savepoint stop while
     * {@link #stopFirst} holds (the resting state deletes it once suspended), else a deletion.
     */
    static Action retire(Step s, Color color) {
        return stopFirst(s, s.obs.child(color)) ? new SuspendChild(color) : new DeleteChild(color);
    }

    /**
     * The leftover Y of a resting X before it may be deleted ({@code before} says what waits for
     * it): stopped with a savepoint if its job runs, waited for while it stops; empty when it may
     * be deleted now (or the retention is not SUSPEND_THEN_DELETE).
     */
    static Optional<Plan> stopBeforeDelete(Step s, String before) {
        ChildObservation y = s.childY();
        if (!stopFirst(s, y)) {
            return Optional.empty();
        }
        return Optional.of(
                y.suspendedBySpec() ? waitForLeftover(s, y, before) : suspendLeftover(s, before));
    }

    private static Plan waitForLeftover(Step s, ChildObservation y, String before) {
        String why =
                String.format(
                        "waiting for the leftover %s to stop with a savepoint before %s"
                                + " (%s, job %s; retention SUSPEND_THEN_DELETE)",
                        s.y.lowerCase(), before, y.lifecycle(), y.jobState());
        return Plans.stay(s, Reason.WAITING_FOR_LEFTOVER, why, Requeue.EVENTS_ONLY);
    }

    private static Plan suspendLeftover(Step s, String before) {
        String why =
                String.format(
                        "stopping the leftover %s with a savepoint before %s, so that a"
                                + " transactional sink commits its last transaction"
                                + " (retention SUSPEND_THEN_DELETE)",
                        s.y.lowerCase(), before);
        return Plans.plan(
                Plans.next(s, s.record.state()),
                List.of(new SuspendChild(s.y)),
                Requeue.EVENTS_ONLY,
                Reason.LEFTOVER_SUSPEND_STARTED,
                why);
    }

    /** Why a leftover Y is deleted now, for the message of the deletion. */
    static String whyDeleted(Step s) {
        if (s.policy.retention() == Retention.DELETE) {
            return "retention DELETE";
        }
        ChildObservation y = s.childY();
        String state;
        if (y.suspendedObserved()) {
            state = "stopped with a savepoint";
        } else if (y.failing()) {
            state = "failing, no savepoint possible";
        } else {
            state = "no running job";
        }
        return state + "; retention SUSPEND_THEN_DELETE";
    }
}
