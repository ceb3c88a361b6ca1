package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Action.TakeSavepoint;
import dev.bluegreen.core.BlueGreenState.Role;
import dev.bluegreen.core.TransitionRecord.SavepointRef;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Decisions in {@code SAVEPOINTING_X}: the hand-over savepoint of X is in flight. */
final class SavepointingStep {
    private SavepointingStep() {}

    static Plan decide(Step s) {
        if (!s.childX().exists()) {
            // the trigger is lost with its job; the serving child is recreated at once
            return Changes.recreate(s, "savepointing " + s.x.lowerCase() + " child is missing");
        }
        if (s.newAbort()) {
            return backToActive(
                    s.abortHandled(), Reason.ABORTED_BY_USER, true, "aborted by the user");
        }
        return s.paused()
                ? Plans.stay(s, Reason.PAUSED, "paused while savepointing", Requeue.EVENTS_ONLY)
                : superseded(s);
    }

    private static Plan superseded(Step s) {
        if (!s.desiredIsTarget()) {
            return backToActive(s, Reason.SUPERSEDED, false, "desired spec changed");
        }
        return snapshot(s);
    }

    /** Acts on the observed hand-over snapshot: deploy Y, give up, start over, or wait. */
    private static Plan snapshot(Step s) {
        SavepointRef ref = s.record.savepoint();
        SnapshotObservation snap = ours(s.obs.snapshot(), ref);
        if (snap != null && snap.state() == SnapshotState.COMPLETED && snap.path() != null) {
            return deployFromSavepoint(s, ref, snap.path());
        }
        if (snap != null && snap.state().isFinal()) {
            String why =
                    String.format(
                            "savepoint %s ended %s: %s", snap.name(), snap.state(), snap.error());
            return backToActive(s, Reason.SAVEPOINT_FAILED, true, why);
        }
        return staleOrWaiting(s, ref, snap);
    }

    /** A savepoint of an earlier job run is stale: start over; else wait for it. */
    private static Plan staleOrWaiting(Step s, SavepointRef ref, SnapshotObservation snap) {
        if (ref == null || !Objects.equals(ref.sourceJobId(), s.childX().jobId())) {
            String why = s.x.lowerCase() + "'s job run changed since the savepoint was triggered";
            return backToActive(s, Reason.SAVEPOINT_STALE, false, why);
        }
        return waitOrTimeOut(s, ref, snap);
    }

    /**
     * Waits for the savepoint (requesting it again when it is not observed) until its deadline,
     * then takes the deadline's action.
     */
    private static Plan waitOrTimeOut(Step s, SavepointRef ref, SnapshotObservation snap) {
        if (Deadlines.passed(s)) {
            return timedOut(s, ref);
        }
        if (snap == null) {
            return requestAgain(s, ref);
        }
        return Plans.stay(
                s,
                Reason.SAVEPOINT_PENDING,
                "savepoint " + ref.snapshotName() + " is " + snap.state(),
                Deadlines.untilDeadline(s));
    }

    private static Plan requestAgain(Step s, SavepointRef ref) {
        return Plans.plan(
                Plans.next(s, s.record.state()),
                List.of(new TakeSavepoint(s.x, ref.snapshotName(), ref.sourceJobId())),
                Deadlines.untilDeadline(s),
                Reason.SAVEPOINT_REQUESTED,
                "requesting hand-over savepoint " + ref.snapshotName() + " of " + s.x.lowerCase());
    }

    /** The savepoint deadline's action: HOLD holds, ROLLBACK ends the transition on X. */
    private static Plan timedOut(Step s, SavepointRef ref) {
        String why = "savepoint " + ref.snapshotName() + " passed its deadline";
        if (s.policy.savepoint().action() == TimeoutAction.HOLD) {
            return Plans.stay(
                    s, Reason.DEADLINE_EXCEEDED_HOLD, why + "; holding", Requeue.EVENTS_ONLY);
        }
        return backToActive(s, Reason.DEADLINE_EXCEEDED_ROLLBACK, true, why);
    }

    private static SnapshotObservation ours(SnapshotObservation snap, SavepointRef ref) {
        return snap != null && ref != null && snap.name().equals(ref.snapshotName()) ? snap : null;
    }

    private static Plan deployFromSavepoint(Step s, SavepointRef ref, String path) {
        String target = s.record.targetSpecRef();
        return Plans.plan(
                Plans.next(s, BlueGreenState.of(Role.TRANSITIONING, s.y))
                        .savepoint(new SavepointRef(ref.snapshotName(), ref.sourceJobId(), path))
                        .restore(RestoreFrom.PATH)
                        .restorePath(path)
                        .deadline(s.now.plus(s.policy.readinessDeadline().timeout())),
                List.of(new DeployChild(s.y, target, RestoreFrom.PATH, path)),
                Optional.of(s.policy.readinessDeadline().timeout()),
                Reason.TRANSITION_STARTED,
                String.format(
                        "deploying %s with spec %s from savepoint %s",
                        s.y.lowerCase(), target, path));
    }

    /**
     * Ends the transition on X. A failure marks the target as failed so it is not retried; the
     * other outcomes requeue at once so the next decision can start afresh.
     */
    private static Plan backToActive(Step s, Reason reason, boolean failed, String why) {
        var next = Plans.rest(s, BlueGreenState.of(Role.ACTIVE, s.x));
        if (failed) {
            next.failedSpecRef(s.record.targetSpecRef());
        }
        return Plans.plan(
                next,
                List.of(),
                failed ? Requeue.EVENTS_ONLY : Requeue.NOW,
                reason,
                why + "; " + s.x.lowerCase() + " stays active");
    }
}
