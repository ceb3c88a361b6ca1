package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.PatchChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Action.SwitchTraffic;
import dev.bluegreen.core.BlueGreenState.Role;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Changes started from the resting states (active, failing, suspended) on the serving child X. */
final class Changes {
    private Changes() {}

    /**
     * Blocks the desired spec if it failed before, unless a new promote asks to retry it (the
     * promote is then recorded and the failed marker cleared).
     */
    static Plan retryGate(Step s, Function<Step, Plan> change) {
        if (!s.desired.ref().equals(s.record.failedSpecRef())) {
            return change.apply(s);
        }
        if (!s.newPromote()) {
            return notRetried(s);
        }
        var retried =
                s.record.toBuilder()
                        .failedSpecRef(null)
                        .handledPromote(s.obs.commands().promote())
                        .build();
        return change.apply(s.withRecord(retried));
    }

    private static Plan notRetried(Step s) {
        String why =
                "spec %s failed before and is not retried; change the spec, or promote to retry it";
        return Plans.stay(
                s,
                Reason.FAILED_SPEC_NOT_RETRIED,
                String.format(why, s.desired.ref()),
                Requeue.EVENTS_ONLY);
    }

    /**
     * Starts the change the desired spec asks for from a serving X: parent-only updates and
     * in-place patches here, full transitions through {@code transition} (which differs between a
     * healthy and a failing X).
     */
    static Plan byKind(Step s, Function<Step, Plan> transition) {
        return switch (s.desired.change()) {
            case IGNORE, PARENT_ONLY -> updateParent(s);
            case PATCH_CHILD, RESUME -> patch(s, Reason.PATCH_STARTED);
            case SUSPEND -> patch(s, Reason.SUSPEND_STARTED);
            case TRANSITION, SAVEPOINT_REDEPLOY -> transition.apply(s);
        };
    }

    /** Recreates a missing X with the stable spec, as an in-place patch. */
    static Plan recreate(Step s, String why) {
        String ref = Plans.firstNonNull(s.record.stableSpecRef(), s.desired.ref());
        var restore = RestoreFrom.SPEC_INITIAL_SAVEPOINT;
        return Plans.plan(
                Plans.start(s, BlueGreenState.of(Role.PATCHING, s.x), ref, s.policy.patch())
                        .restore(restore),
                List.of(new DeployChild(s.x, ref, restore, null)),
                Optional.of(s.policy.patch().timeout()),
                Reason.CHILD_RECREATED,
                why + ": recreating " + s.x.lowerCase() + " with spec " + ref);
    }

    /** Re-applies the parent ingress or route for X and takes the desired spec as stable. */
    static Plan updateParent(Step s) {
        return Plans.plan(
                Plans.next(s, s.record.state()).stableSpecRef(s.desired.ref()),
                List.of(new SwitchTraffic(s.x)),
                Requeue.EVENTS_ONLY,
                Reason.PARENT_UPDATED,
                "parent-only change: re-applying the parent for " + s.x.lowerCase());
    }

    /** Patches X in place to the desired spec. */
    static Plan patch(Step s, Reason reason) {
        String ref = s.desired.ref();
        return Plans.plan(
                Plans.start(s, BlueGreenState.of(Role.PATCHING, s.x), ref, s.policy.patch()),
                List.of(new PatchChild(s.x, ref)),
                Optional.of(s.policy.patch().timeout()),
                reason,
                "patching "
                        + s.x.lowerCase()
                        + " in place to spec "
                        + ref
                        + (s.desired.suspended() ? " (suspended)" : ""));
    }

    /**
     * Waits before a transition: Y must be gone (a fresh child restores from the hand-over point;
     * under SUSPEND_THEN_DELETE a Y whose job runs is stopped with a savepoint first) and, from an
     * active state, X must be stable and running.
     */
    static Plan waitForOther(Step s, ChildObservation y) {
        if (Gate.leftoverOwnsOutput(s)) {
            return Gate.waitForOwner(s, s.x, "the transition to spec " + s.desired.ref(), null);
        }
        if (y.present()) {
            String before = "the transition to spec " + s.desired.ref();
            return Leftover.stopBeforeDelete(s, before).orElseGet(() -> deletePrevious(s));
        }
        return waiting(s, y);
    }

    private static Plan waiting(Step s, ChildObservation y) {
        String what =
                y.exists()
                        ? "the previous " + s.y.lowerCase() + " child is being deleted"
                        : s.x.lowerCase() + " is not stable and running yet";
        return Plans.stay(
                s,
                Reason.TRANSITION_WAITING,
                "transition to spec " + s.desired.ref() + " waits: " + what,
                Requeue.EVENTS_ONLY);
    }

    private static Plan deletePrevious(Step s) {
        return Plans.plan(
                Plans.next(s, s.record.state()),
                List.of(new DeleteChild(s.y)),
                Requeue.EVENTS_ONLY,
                Reason.TRANSITION_WAITING,
                "deleting the previous "
                        + s.y.lowerCase()
                        + " child before the transition to spec "
                        + s.desired.ref());
    }
}
