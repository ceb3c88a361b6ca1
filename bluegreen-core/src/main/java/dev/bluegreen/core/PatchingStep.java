package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.PatchChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.BlueGreenState.Role;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

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
            return recreate(s);
        }
        boolean done = showsTarget(s, x) && (x.suspendedObserved() || x.stableAndRunning());
        if (!s.newAbort()) {
            return decideOn(s, x, done);
        }
        Step handled = s.abortHandled();
        return abort(handled, x, done).orElseGet(() -> decideOn(handled, x, done));
    }

    /** The decision once a new abort (if any) was handled; {@code done}: X shows the target. */
    private static Plan decideOn(Step s, ChildObservation x, boolean done) {
        if (done) {
            // completion only records what is observed at the newest generation, even while paused
            return complete(s, x.suspendedObserved());
        }
        if (s.paused()) {
            return whilePaused(s, x);
        }
        return supersede(s, x).orElseGet(() -> failedOrWaiting(s, x));
    }

    private static Plan failedOrWaiting(Step s, ChildObservation x) {
        if (showsTarget(s, x) && x.rejectedOrFailed()) {
            return childFailed(s, x);
        }
        return Deadlines.passed(s) ? timeout(s, s.record.targetSpecRef()) : waiting(s, x);
    }

    /**
     * The plan for a new abort; empty when X already reached the stable spec, so the abort is only
     * recorded and the patch completes.
     */
    private static Optional<Plan> abort(Step s, ChildObservation x, boolean done) {
        if (canReturnToStable(s)) {
            return Optional.of(rollbackPatch(s, Reason.ABORTED_BY_USER, "aborted by the user"));
        }
        if (!done) {
            // already returning to the stable spec: the abort ends the change here
            return Optional.of(
                    restAsIs(
                            s,
                            x,
                            Reason.ABORTED_BY_USER,
                            "abort: " + s.x.lowerCase() + " has not reached the stable spec yet"));
        }
        return Optional.empty();
    }

    /** While paused: nothing moves, except that a suspend in flight gives way to a resume. */
    private static Plan whilePaused(Step s, ChildObservation x) {
        // pause never leaves nothing running: a suspend in flight gives way to a resume
        boolean resuming = x.suspendedBySpec() && !s.desired.suspended();
        Optional<Plan> resumed = resuming ? supersede(s, x) : Optional.empty();
        return resumed.orElseGet(
                () ->
                        Plans.stay(
                                s,
                                Reason.PAUSED,
                                "patch of " + s.x.lowerCase() + " is paused",
                                Requeue.EVENTS_ONLY));
    }

    /** Re-patches for a newer desired spec; empty when the current patch should go on. */
    private static Optional<Plan> supersede(Step s, ChildObservation x) {
        Optional<String> ref = retarget(s, x.suspendedBySpec());
        if (ref.isPresent()) {
            return Optional.of(repatch(s, ref.get(), Reason.SUPERSEDED, whyRetarget(s, ref.get())));
        }
        if (newDesiredSpec(s)
                && Deadlines.passed(s)
                && s.policy.patch().action() == TimeoutAction.HOLD) {
            // a held return to the stable spec would never end: rest so the transition can start
            return Optional.of(giveUpHeldReturn(s));
        }
        return Optional.empty();
    }

    private static Plan giveUpHeldReturn(Step s) {
        String why =
                "desired spec %s needs a transition and the held return to the stable spec is given"
                        + " up";
        return restAsIs(s, s.childX(), Reason.SUPERSEDED, String.format(why, s.desired.ref()));
    }

    /**
     * The spec the patch should aim at now that the desired spec is not its target, or empty to go
     * on with the target: the desired spec when it can be patched in place, else the stable spec (a
     * transition starts from {@code ACTIVE_X}). A failed desired spec is never patched in, but a
     * suspend in flight ({@code suspending}) gives way to it when it runs: X returns to the stable
     * spec, so the user's wish to run is never answered with a suspended child.
     */
    private static Optional<String> retarget(Step s, boolean suspending) {
        if (s.desiredIsTarget()) {
            return Optional.empty();
        }
        if (s.desired.ref().equals(s.record.failedSpecRef())) {
            boolean resumed = suspending && !s.desired.suspended();
            return resumed ? stableIfReturnable(s) : Optional.empty();
        }
        if (inPlace(s.desired.change())) {
            return Optional.of(s.desired.ref());
        }
        return stableIfReturnable(s);
    }

    /** The stable spec when X can return to it (it exists and is not the target). */
    private static Optional<String> stableIfReturnable(Step s) {
        return canReturnToStable(s) ? Optional.of(s.record.stableSpecRef()) : Optional.empty();
    }

    private static String whyRetarget(Step s, String ref) {
        if (ref.equals(s.desired.ref())) {
            return "desired spec changed";
        }
        if (s.desired.ref().equals(s.record.failedSpecRef())) {
            return "desired spec "
                    + s.desired.ref()
                    + " runs but failed before: returning to the stable spec";
        }
        return "desired spec needs a transition; returning to the stable spec first";
    }

    /**
     * Whether the desired spec is a new one, neither the target nor failed. Asked after {@link
     * #retarget} found nothing to aim at: then it needs a transition and the target already is the
     * stable spec.
     */
    private static boolean newDesiredSpec(Step s) {
        return !s.desiredIsTarget() && !s.desired.ref().equals(s.record.failedSpecRef());
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
        return Plans.stay(
                s,
                generation ? Reason.WAITING_FOR_READINESS : Reason.WAITING_FOR_GENERATION,
                String.format(
                        "waiting for %s to reach spec %s (%s, job %s)",
                        s.x.lowerCase(), s.record.targetSpecRef(), x.lifecycle(), x.jobState()),
                Deadlines.untilDeadline(s));
    }

    /**
     * Recreates a missing X with its target, or, when the desired spec changed since, with the spec
     * a re-patch would aim at now, even while paused: the record can lag behind a re-patch that was
     * written before a crash, and a target that was a suspend would recreate a suspended child for
     * a user who wants it to run. Whether the target suspends is unknown once X is gone, so it is
     * treated as a possible suspend.
     */
    private static Plan recreate(Step s) {
        String target = s.record.targetSpecRef();
        Optional<String> retargeted = retarget(s, true);
        if (retargeted.isEmpty()) {
            var next = Plans.next(s, s.record.state());
            return recreateWith(s, next, target, Deadlines.untilDeadline(s), "");
        }
        String ref = retargeted.get();
        return recreateWith(
                s,
                Plans.start(s, s.record.state(), ref, s.policy.patch()),
                ref,
                Optional.of(s.policy.patch().timeout()),
                " (" + whyRetarget(s, ref) + "; target was " + target + ")");
    }

    private static Plan recreateWith(
            Step s,
            TransitionRecord.Builder next,
            String spec,
            Optional<Duration> requeue,
            String note) {
        return Plans.plan(
                next,
                List.of(new DeployChild(s.x, spec, RestoreFrom.SPEC_INITIAL_SAVEPOINT, null)),
                requeue,
                Reason.CHILD_RECREATED,
                s.x.lowerCase() + " is missing: recreating it with spec " + spec + note);
    }

    private static boolean inPlace(ChangeKind kind) {
        return kind != ChangeKind.TRANSITION && kind != ChangeKind.SAVEPOINT_REDEPLOY;
    }

    private static boolean canReturnToStable(Step s) {
        String stable = s.record.stableSpecRef();
        return stable != null && !stable.equals(s.record.targetSpecRef());
    }

    private static Plan repatch(Step s, String ref, Reason reason, String why) {
        return Plans.plan(
                Plans.start(s, s.record.state(), ref, s.policy.patch()),
                List.of(new PatchChild(s.x, ref)),
                Optional.of(s.policy.patch().timeout()),
                reason,
                why + ": patching " + s.x.lowerCase() + " to spec " + ref);
    }

    private static Plan rollbackPatch(Step s, Reason reason, String why) {
        String stable = s.record.stableSpecRef();
        return Plans.plan(
                Plans.next(s, s.record.state())
                        .targetSpecRef(stable)
                        .failedSpecRef(s.record.targetSpecRef())
                        .deadline(s.now.plus(s.policy.patch().timeout())),
                List.of(new PatchChild(s.x, stable)),
                Optional.of(s.policy.patch().timeout()),
                reason,
                why + ": patching " + s.x.lowerCase() + " back to stable spec " + stable);
    }

    private static Plan complete(Step s, boolean suspended) {
        String target = s.record.targetSpecRef();
        return Plans.plan(
                Plans.rest(s, BlueGreenState.of(suspended ? Role.SUSPENDED : Role.ACTIVE, s.x))
                        .stableSpecRef(target)
                        .trafficColor(s.x),
                Plans.trafficToX(s),
                Requeue.EVENTS_ONLY,
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
        return failurePath(
                s, Reason.DEADLINE_EXCEEDED_HOLD, Reason.DEADLINE_EXCEEDED_ROLLBACK, why, "");
    }

    /**
     * The patch's failure path at once, because the operator rejected or failed X with the target:
     * as {@link #timeout}, without waiting for the deadline.
     */
    private static Plan childFailed(Step s, ChildObservation x) {
        String why =
                s.x.lowerCase()
                        + " with spec "
                        + s.record.targetSpecRef()
                        + " "
                        + Plans.rejectedOrFailed(x);
        return failurePath(
                s,
                Reason.CHILD_FAILED_HOLD,
                Reason.CHILD_FAILED_ROLLBACK,
                why,
                " (timeout action HOLD): fix the spec or abort");
    }

    /**
     * The patch's timeout action for {@code why}: HOLD stays ({@code hold}, with {@code holdNote}
     * after "; holding"), ROLLBACK patches X back to the stable spec, or rests failing when there
     * is no other spec to return to ({@code rollback}).
     */
    private static Plan failurePath(
            Step s, Reason hold, Reason rollback, String why, String holdNote) {
        if (s.policy.patch().action() == TimeoutAction.HOLD) {
            return Plans.stay(s, hold, why + "; holding" + holdNote, Requeue.EVENTS_ONLY);
        }
        if (canReturnToStable(s)) {
            return rollbackPatch(s, rollback, why);
        }
        return restFailing(s, rollback, why + "; no other spec to return to");
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
        return Plans.plan(
                Plans.rest(s, BlueGreenState.of(role, s.x)),
                List.of(),
                Requeue.EVENTS_ONLY,
                reason,
                why);
    }
}
