package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Action.SwitchTraffic;
import dev.bluegreen.core.BlueGreenState.Role;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decisions in {@code TRANSITIONING_TO_X}: X is incoming and must become ready; Y (if present)
 * still serves. Checks, in order: serving Y deleted by hand, abort, pause, spec change, missing X,
 * X rejected or failed by the operator, readiness.
 */
final class TransitioningStep {
    private TransitioningStep() {}

    static Plan decide(Step s) {
        return incumbentGone(s).orElseGet(() -> withIncumbent(s));
    }

    /** The checks once the serving Y is present (or never held traffic). */
    private static Plan withIncumbent(Step s) {
        if (s.record.trafficColor() == s.x && !s.childX().exists()) {
            // A first deployment already serves from X: recreate it before commands and pause,
            // like any serving child, so traffic never points at a missing child.
            return recreateIncoming(s);
        }
        if (s.newAbort()) {
            return Handover.rollback(
                    s.abortHandled(), Reason.ABORTED_BY_USER, "aborted by the user");
        }
        if (s.paused()) {
            String why = "transition to " + s.x.lowerCase() + " is paused";
            return Plans.stay(s, Reason.PAUSED, why, Requeue.EVENTS_ONLY);
        }
        return s.desiredIsTarget() ? incoming(s) : supersede(s);
    }

    /** The incoming X towards the target: recreated, failed, not ready yet, or judged ready. */
    private static Plan incoming(Step s) {
        ChildObservation incoming = s.childX();
        if (!incoming.exists()) {
            return recreateIncoming(s);
        }
        if (incoming.rejectedOrFailed()) {
            return Handover.childFailed(
                    s, s.policy.readinessDeadline(), Plans.rejectedOrFailed(incoming));
        }
        if (!incoming.stableAndRunning()) {
            return notReady(withReadySince(Cutover.withdrawn(s), null), incoming);
        }
        return stableAndRunning(s, incoming);
    }

    /** X is stable and running: traffic moves at once on a first deployment, else X is judged. */
    private static Plan stableAndRunning(Step s, ChildObservation incoming) {
        Instant readySince = s.record.readySince() != null ? s.record.readySince() : s.now;
        if (s.record.trafficColor() == null) {
            return firstTraffic(withReadySince(s, readySince), incoming, readySince);
        }
        return Readiness.judge(withReadySince(s, readySince), incoming, readySince);
    }

    /**
     * Nothing serves yet (a first deployment): traffic moves to X as soon as X is stable and
     * running, and is recorded in the same plan, whatever the readiness policy then decides. A
     * switch recorded only at the end of the soak would be lost by a crash before persisting if X
     * then failed: the record would say "no traffic" while the pointer is on X.
     */
    private static Plan firstTraffic(Step s, ChildObservation incoming, Instant readySince) {
        var switched = s.withRecord(s.record.toBuilder().trafficColor(s.x).build());
        Plan plan = Readiness.judge(switched, incoming, readySince);
        var toX = new SwitchTraffic(s.x);
        if (plan.actions().contains(toX)) {
            return plan;
        }
        var actions = new ArrayList<Action>();
        actions.add(toX);
        actions.addAll(plan.actions());
        return new Plan(plan.record(), actions, plan.requeueAfter(), plan.reason(), plan.message());
    }

    /** The step with {@code readySince} recorded (itself when unchanged). */
    private static Step withReadySince(Step s, Instant readySince) {
        return readySince == s.record.readySince()
                ? s
                : s.withRecord(s.record.toBuilder().readySince(readySince).build());
    }

    /**
     * Y holds the traffic but was deleted by hand: wait while it terminates, then finish forward if
     * X is already stable and running, else recreate Y from the transition's restore point so that
     * traffic never points at a missing child. Empty when Y is present or never held traffic.
     */
    private static Optional<Plan> incumbentGone(Step s) {
        boolean gone = s.record.trafficColor() == s.y && !s.childY().present();
        return gone ? Optional.of(replaceIncumbent(s)) : Optional.empty();
    }

    private static Plan replaceIncumbent(Step s) {
        if (s.childY().exists()) {
            String why =
                    "serving " + s.y.lowerCase() + " is being deleted; deciding once it is gone";
            return Plans.stay(s, Reason.CHILD_TERMINATING, why, Requeue.EVENTS_ONLY);
        }
        if (s.childX().stableAndRunning()) {
            return Handover.complete(s, Reason.FINALIZED_FORWARD);
        }
        return recreateIncumbent(s);
    }

    /** Recreates the missing serving Y with its spec while X starts. */
    private static Plan recreateIncumbent(Step s) {
        String ref = Plans.firstNonNull(s.record.stableSpecRef(), s.record.targetSpecRef());
        DeployChild deploy = Plans.redeploy(s, s.y, ref);
        String why =
                String.format(
                        "serving %s is missing: recreating it with spec %s from %s while %s starts",
                        s.y.lowerCase(), ref, deploy.restore(), s.x.lowerCase());
        return Plans.plan(
                Plans.next(s, s.record.state()),
                List.of(deploy),
                Deadlines.untilDeadline(s),
                Reason.CHILD_RECREATED,
                why);
    }

    private static Plan supersede(Step s) {
        if (s.childY().present()) {
            return Handover.rollback(
                    s,
                    Reason.SUPERSEDED,
                    "desired spec changed to "
                            + s.desired.ref()
                            + "; a fresh transition starts from the serving child");
        }
        return redeployIncoming(s);
    }

    /** Nothing else serves: X is redeployed in place with the new desired spec. */
    private static Plan redeployIncoming(Step s) {
        var restore = RestoreFrom.SPEC_INITIAL_SAVEPOINT;
        String ref = s.desired.ref();
        return Plans.plan(
                Plans.startDeploy(s, s.record.state(), ref, restore, null),
                List.of(new DeployChild(s.x, ref, restore, null)),
                Optional.of(s.policy.readinessDeadline().timeout()),
                Reason.SUPERSEDED,
                "desired spec changed: redeploying "
                        + s.x.lowerCase()
                        + " with spec "
                        + ref
                        + " (nothing else serves)");
    }

    private static Plan recreateIncoming(Step s) {
        String target = s.record.targetSpecRef();
        return Plans.plan(
                Plans.next(s, s.record.state()).readySince(null),
                List.of(Plans.redeploy(s, s.x, target)),
                Deadlines.untilDeadline(s),
                Reason.CHILD_RECREATED,
                "incoming " + s.x.lowerCase() + " child is missing: redeploying spec " + target);
    }

    /** X is not stable and running at its newest generation: the readiness deadline applies. */
    static Plan notReady(Step s, ChildObservation incoming) {
        if (Deadlines.passed(s)) {
            return Handover.timeout(s, s.policy.readinessDeadline(), "did not become ready");
        }
        boolean generation = incoming.generationObserved();
        return Plans.stay(
                s,
                generation ? Reason.WAITING_FOR_READINESS : Reason.WAITING_FOR_GENERATION,
                waitingFor(s, incoming),
                Deadlines.untilDeadline(s));
    }

    private static String waitingFor(Step s, ChildObservation incoming) {
        return incoming.generationObserved()
                ? String.format(
                        "waiting for %s to be stable and running (%s, job %s)",
                        s.x.lowerCase(), incoming.lifecycle(), incoming.jobState())
                : String.format(
                        "waiting for the operator to observe generation %s of %s",
                        incoming.generation(), s.x.lowerCase());
    }

    static BlueGreenState incumbentRest(Step s) {
        return BlueGreenState.of(s.childY().failing() ? Role.FAILING : Role.ACTIVE, s.y);
    }
}
