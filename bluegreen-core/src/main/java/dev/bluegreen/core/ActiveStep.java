package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Action.TakeSavepoint;
import dev.bluegreen.core.BlueGreenState.Role;
import dev.bluegreen.core.TransitionRecord.SavepointRef;

import java.util.List;
import java.util.Optional;

/**
 * Decisions in {@code ACTIVE_X}: X serves and is healthy. Starts every kind of change; the steady
 * path (no change) allocates nothing but the plan.
 */
final class ActiveStep {
    private static final String STEADY_BLUE = "blue is active and matches the desired spec";
    private static final String STEADY_GREEN = "green is active and matches the desired spec";

    private ActiveStep() {}

    static Plan decide(Step s) {
        return unhealthy(s).orElseGet(() -> healthy(s));
    }

    private static Plan healthy(Step s) {
        if (s.desired.change() == ChangeKind.IGNORE || s.desiredIsStable()) {
            String steady = s.x == Color.BLUE ? STEADY_BLUE : STEADY_GREEN;
            return Plans.stay(s, Reason.STEADY, steady, Requeue.EVENTS_ONLY);
        }
        return Changes.retryGate(s, t -> Changes.byKind(t, ActiveStep::transition));
    }

    /**
     * X missing, terminating or failing, or a leftover Y to delete (under SUSPEND_THEN_DELETE:
     * stopped with a savepoint first); empty when all is well.
     */
    private static Optional<Plan> unhealthy(Step s) {
        ChildObservation x = s.childX();
        if (!x.exists() || x.terminating()) {
            return Optional.of(missing(s, x));
        }
        if (x.failing()) {
            return Optional.of(failing(s, x));
        }
        if (s.childY().present() && deletesLeftovers(s.policy.retention())) {
            return Optional.of(leftover(s));
        }
        return Optional.empty();
    }

    /** X is missing: recreated; or being deleted: recreated once it is gone. */
    private static Plan missing(Step s, ChildObservation x) {
        String name = s.x.lowerCase();
        if (!x.exists()) {
            return Changes.recreate(s, "active " + name + " child is missing");
        }
        String why = "active " + name + " child is being deleted; recreating it after";
        return Plans.stay(s, Reason.CHILD_TERMINATING, why, Requeue.EVENTS_ONLY);
    }

    private static Plan failing(Step s, ChildObservation x) {
        String why =
                String.format(
                        "%s is failing (%s, job %s)", s.x.lowerCase(), x.lifecycle(), x.jobState());
        return Plans.plan(
                Plans.next(s, BlueGreenState.of(Role.FAILING, s.x)),
                List.of(),
                Requeue.EVENTS_ONLY,
                Reason.ACTIVE_CHILD_FAILING,
                why);
    }

    /**
     * The leftover Y under DELETE or SUSPEND_THEN_DELETE: wait for the gate, stop it, delete it.
     */
    private static Plan leftover(Step s) {
        String leftover = s.y.lowerCase();
        if (Gate.leftoverOwnsOutput(s)) {
            return Gate.waitForOwner(s, s.x, "deleting the leftover " + leftover, null);
        }
        return Leftover.stopBeforeDelete(s, "deleting it").orElseGet(() -> deleteLeftover(s));
    }

    private static Plan deleteLeftover(Step s) {
        String leftover = s.y.lowerCase();
        String why =
                "deleting the leftover " + leftover + " child (" + Leftover.whyDeleted(s) + ")";
        var delete = List.<Action>of(new DeleteChild(s.y));
        return Plans.plan(
                Plans.next(s, s.record.state()),
                delete,
                Requeue.EVENTS_ONLY,
                Reason.LEFTOVER_DELETED,
                why);
    }

    /** Whether a resting ACTIVE state removes a leftover child under {@code retention}. */
    private static boolean deletesLeftovers(Retention retention) {
        return retention == Retention.DELETE || retention == Retention.SUSPEND_THEN_DELETE;
    }

    private static Plan transition(Step s) {
        ChildObservation y = s.childY();
        if (y.exists() || !s.childX().stableAndRunning()) {
            return Changes.waitForOther(s, y);
        }
        if (s.desired.change() == ChangeKind.SAVEPOINT_REDEPLOY) {
            return deployY(s, Reason.SAVEPOINT_REDEPLOY_STARTED, "savepointRedeployNonce");
        }
        if (s.desired.stateless()) {
            return deployY(s, Reason.TRANSITION_STARTED, "stateless transition");
        }
        return savepoint(s);
    }

    private static Plan deployY(Step s, Reason reason, String why) {
        var restore = RestoreFrom.SPEC_INITIAL_SAVEPOINT;
        String ref = s.desired.ref();
        return Plans.plan(
                Plans.startDeploy(
                        s, BlueGreenState.of(Role.TRANSITIONING, s.y), ref, restore, null),
                List.of(new DeployChild(s.y, ref, restore, null)),
                Optional.of(s.policy.readinessDeadline().timeout()),
                reason,
                String.format(
                        "%s: deploying %s with spec %s from the spec's initialSavepointPath,"
                                + " no savepoint taken",
                        why, s.y.lowerCase(), ref));
    }

    private static Plan savepoint(Step s) {
        long number = s.record.transitionNumber() + 1;
        String name = "t" + number + "-savepoint";
        String jobId = s.childX().jobId();
        var next =
                Plans.start(
                        s,
                        BlueGreenState.of(Role.SAVEPOINTING, s.x),
                        s.desired.ref(),
                        s.policy.savepoint());
        return Plans.plan(
                next.savepoint(new SavepointRef(name, jobId, null)),
                List.of(new TakeSavepoint(s.x, name, jobId)),
                Optional.of(s.policy.savepoint().timeout()),
                Reason.SAVEPOINT_REQUESTED,
                String.format(
                        "taking hand-over savepoint %s of %s for spec %s",
                        name, s.x.lowerCase(), s.desired.ref()));
    }
}
