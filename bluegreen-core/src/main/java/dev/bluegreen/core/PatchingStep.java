package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.PatchChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.BlueGreenState.Role;

import java.util.List;

/**
 * Decisions in {@code PATCHING_X}: X is patched in place (or recreated, suspended, resumed) and
 * must reach the target again. A rollback patches X back to the stable spec.
 */
final class PatchingStep {
    private PatchingStep() {}

    static Plan decide(Step s) {
        ChildObservation x = s.childX();
        if (!x.exists()) {
            // before any command: a missing serving child is recreated even while paused
            return recreate(s, s.record.targetSpecRef());
        }
        boolean done = showsTarget(s, x) && (x.suspendedObserved() || x.stableAndRunning());
        if (s.newAbort()) {
            s = s.abortHandled();
            Plan aborted = abort(s, x, done);
            if (aborted != null) {
                return aborted;
            }
        }
        if (done) {
            // completion only records what is observed at the newest generation, even while paused
            return complete(s, x.suspendedObserved());
        }
        if (s.paused()) {
            return whilePaused(s, x);
        }
        Plan superseded = supersede(s);
        if (superseded != null) {
            return superseded;
        }
        return s.deadlinePassed() ? timeout(s, s.record.targetSpecRef()) : waiting(s, x);
    }

    /**
     * The plan for a new abort; null when X already reached the stable spec, so the abort is only
     * recorded and the patch completes.
     */
    private static Plan abort(Step s, ChildObservation x, boolean done) {
        if (canReturnToStable(s)) {
            return rollbackPatch(s, Reason.ABORTED_BY_USER, "aborted by the user");
        }
        if (!done) {
            // already returning to the stable spec: the abort ends the change here
            return restAsIs(
                    s,
                    x,
                    Reason.ABORTED_BY_USER,
                    "abort: " + s.x.lowerCase() + " has not reached the stable spec yet");
        }
        return null;
    }

    /** While paused: nothing moves, except that a suspend in flight gives way to a resume. */
    private static Plan whilePaused(Step s, ChildObservation x) {
        // pause never leaves nothing running: a suspend in flight gives way to a resume
        Plan resumed = x.suspendedBySpec() && !s.desired.suspended() ? supersede(s) : null;
        if (resumed != null) {
            return resumed;
        }
        return s.stay(
                Reason.PAUSED, "patch of " + s.x.lowerCase() + " is paused", Step.EVENTS_ONLY);
    }

    /** Re-patches for a newer desired spec; null when the current patch should go on. */
    private static Plan supersede(Step s) {
        if (s.desiredIsTarget() || s.desired.ref().equals(s.record.failedSpecRef())) {
            return null;
        }
        if (inPlace(s.desired.change())) {
            return repatch(s, s.desired.ref(), Reason.SUPERSEDED, "desired spec changed");
        }
        if (canReturnToStable(s)) {
            return repatch(
                    s,
                    s.record.stableSpecRef(),
                    Reason.SUPERSEDED,
                    "desired spec needs a transition; returning to the stable spec first");
        }
        if (s.deadlinePassed() && s.policy.patch().action() == TimeoutAction.HOLD) {
            // a held return to the stable spec would never end: rest so the transition can start
            return restAsIs(
                    s,
                    s.childX(),
                    Reason.SUPERSEDED,
                    "desired spec "
                            + s.desired.ref()
                            + " needs a transition and the held return to the stable spec is"
                            + " given up");
        }
        return null;
    }

    /**
     * Whether the observed child carries the spec being patched in. A child observed with another
     * spec ref is a stale view from before our own write (an informer cache that has not caught
     * up): its status says nothing about the patch. A child without a ref (written by someone else)
     * is judged by its status alone.
     */
    private static boolean showsTarget(Step s, ChildObservation x) {
        return x.specRef() == null || x.specRef().equals(s.record.targetSpecRef());
    }

    private static Plan waiting(Step s, ChildObservation x) {
        boolean generation = x.generationObserved();
        return s.stay(
                generation ? Reason.WAITING_FOR_READINESS : Reason.WAITING_FOR_GENERATION,
                "waiting for "
                        + s.x.lowerCase()
                        + " to reach spec "
                        + s.record.targetSpecRef()
                        + " ("
                        + x.lifecycle()
                        + ", job "
                        + x.jobState()
                        + ")",
                s.untilDeadline());
    }

    private static Plan recreate(Step s, String target) {
        return s.plan(
                s.next(s.record.state()),
                List.of(new DeployChild(s.x, target, RestoreFrom.SPEC_INITIAL_SAVEPOINT, null)),
                s.untilDeadline(),
                Reason.CHILD_RECREATED,
                s.x.lowerCase() + " is missing: recreating it with spec " + target);
    }

    private static boolean inPlace(ChangeKind kind) {
        return kind != ChangeKind.TRANSITION && kind != ChangeKind.SAVEPOINT_REDEPLOY;
    }

    private static boolean canReturnToStable(Step s) {
        String stable = s.record.stableSpecRef();
        return stable != null && !stable.equals(s.record.targetSpecRef());
    }

    private static Plan repatch(Step s, String ref, Reason reason, String why) {
        return s.plan(
                s.start(s.record.state(), ref, s.policy.patch()),
                List.of(new PatchChild(s.x, ref)),
                java.util.Optional.of(s.policy.patch().timeout()),
                reason,
                why + ": patching " + s.x.lowerCase() + " to spec " + ref);
    }

    private static Plan rollbackPatch(Step s, Reason reason, String why) {
        String stable = s.record.stableSpecRef();
        return s.plan(
                s.next(s.record.state())
                        .targetSpecRef(stable)
                        .failedSpecRef(s.record.targetSpecRef())
                        .deadline(s.now.plus(s.policy.patch().timeout())),
                List.of(new PatchChild(s.x, stable)),
                java.util.Optional.of(s.policy.patch().timeout()),
                reason,
                why + ": patching " + s.x.lowerCase() + " back to stable spec " + stable);
    }

    private static Plan complete(Step s, boolean suspended) {
        String target = s.record.targetSpecRef();
        return s.plan(
                s.rest(BlueGreenState.of(suspended ? Role.SUSPENDED : Role.ACTIVE, s.x))
                        .stableSpecRef(target)
                        .trafficColor(s.x),
                s.trafficToX(),
                Step.EVENTS_ONLY,
                suspended ? Reason.SUSPENDED : Reason.PATCH_COMPLETED,
                s.x.lowerCase()
                        + (suspended ? " is suspended" : " is stable and running")
                        + " with spec "
                        + target);
    }

    private static Plan timeout(Step s, String target) {
        String why =
                s.x.lowerCase()
                        + " did not reach spec "
                        + target
                        + " within "
                        + s.policy.patch().timeout();
        if (s.policy.patch().action() == TimeoutAction.HOLD) {
            return s.stay(Reason.DEADLINE_EXCEEDED_HOLD, why + "; holding", Step.EVENTS_ONLY);
        }
        if (canReturnToStable(s)) {
            return rollbackPatch(s, Reason.DEADLINE_EXCEEDED_ROLLBACK, why);
        }
        return restFailing(
                s, Reason.DEADLINE_EXCEEDED_ROLLBACK, why + "; no other spec to return to");
    }

    /**
     * Ends a return to the stable spec that has not completed, with X kept as it is: {@code
     * SUSPENDED_X} when X's spec is a suspension (the stable spec suspends it), else {@code
     * FAILING_X}.
     */
    private static Plan restAsIs(Step s, ChildObservation x, Reason reason, String why) {
        return x.suspendedBySpec()
                ? rest(s, Role.SUSPENDED, reason, why + "; " + s.x.lowerCase() + " stays suspended")
                : restFailing(s, reason, why);
    }

    /** Ends the change with X kept as it is, resting in {@code FAILING_X}. */
    private static Plan restFailing(Step s, Reason reason, String why) {
        return rest(s, Role.FAILING, reason, why + "; " + s.x.lowerCase() + " rests failing");
    }

    private static Plan rest(Step s, Role role, Reason reason, String why) {
        return s.plan(
                s.rest(BlueGreenState.of(role, s.x)), List.of(), Step.EVENTS_ONLY, reason, why);
    }
}
