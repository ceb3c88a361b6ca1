package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.BlueGreenState.Role;

import java.util.List;
import java.util.Optional;

/**
 * Decisions in {@code FAILING_X}: X serves but is not healthy. Unlike upstream, a transition away
 * from it is allowed; it restores from X's last good snapshot (or empty) per {@link
 * TransitionPolicy#failingSource()}, since a failing job cannot take a hand-over savepoint.
 */
final class FailingStep {
    private FailingStep() {}

    static Plan decide(Step s) {
        ChildObservation x = s.childX();
        if (x.stableAndRunning()) {
            return recovered(s, x);
        }
        if (!x.exists()) {
            return s.record.stableSpecRef() != null
                    ? Changes.recreate(s, "failing " + s.x.lowerCase() + " child is missing")
                    : redeployX(s, Reason.CHILD_RECREATED, "missing failing child");
        }
        if (s.desired.change() == ChangeKind.IGNORE || s.desiredIsStable()) {
            return stillFailing(s, x);
        }
        return Changes.retryGate(s, t -> Changes.byKind(t, FailingStep::transition));
    }

    private static Plan transition(Step s) {
        if (s.record.stableSpecRef() == null) {
            return redeployX(s, Reason.TRANSITION_FROM_FAILING, "first deployment never ran");
        }
        if (s.policy.failingSource() == FailingSource.REFUSE) {
            String why =
                    "transition away from failing %s refused (failingSource REFUSE); waiting for it"
                            + " to recover";
            return Plans.stay(
                    s,
                    Reason.TRANSITION_REFUSED_FAILING,
                    String.format(why, s.x.lowerCase()),
                    Requeue.EVENTS_ONLY);
        }
        ChildObservation y = s.childY();
        return y.exists() ? Changes.waitForOther(s, y) : deployY(s);
    }

    /** Deploys Y with the desired spec, restoring per {@link #restore}. */
    private static Plan deployY(Step s) {
        RestoreFrom restore = restore(s);
        String path =
                restore == RestoreFrom.PATH ? s.childX().health().lastGoodSnapshotPath() : null;
        String ref = s.desired.ref();
        String why =
                String.format(
                        "transition away from failing %s: deploying %s with spec %s restoring from %s",
                        s.x.lowerCase(), s.y.lowerCase(), ref, path != null ? path : restore);
        return startDeploy(s, ref, restore, path, why);
    }

    private static Plan startDeploy(
            Step s, String ref, RestoreFrom restore, String path, String why) {
        return Plans.plan(
                Plans.startDeploy(
                        s, BlueGreenState.of(Role.TRANSITIONING, s.y), ref, restore, path),
                List.of(new DeployChild(s.y, ref, restore, path)),
                Optional.of(s.policy.readinessDeadline().timeout()),
                Reason.TRANSITION_FROM_FAILING,
                why);
    }

    /** Stateful transitions restore per the failing source; the others as the spec says. */
    private static RestoreFrom restore(Step s) {
        if (s.desired.change() == ChangeKind.SAVEPOINT_REDEPLOY || s.desired.stateless()) {
            return RestoreFrom.SPEC_INITIAL_SAVEPOINT;
        }
        if (s.policy.failingSource() == FailingSource.EMPTY) {
            return RestoreFrom.EMPTY;
        }
        return Plans.restoreOf(s.childX().health().lastGoodSnapshotPath());
    }

    private static Plan redeployX(Step s, Reason reason, String why) {
        var restore = RestoreFrom.SPEC_INITIAL_SAVEPOINT;
        String ref = s.desired.ref();
        return Plans.plan(
                Plans.startDeploy(
                        s, BlueGreenState.of(Role.TRANSITIONING, s.x), ref, restore, null),
                List.of(new DeployChild(s.x, ref, restore, null)),
                Optional.of(s.policy.readinessDeadline().timeout()),
                reason,
                why + ": redeploying " + s.x.lowerCase() + " in place with spec " + ref);
    }

    private static Plan recovered(Step s, ChildObservation x) {
        String stable =
                Plans.firstNonNull(
                        s.record.stableSpecRef(),
                        Plans.firstNonNull(s.record.targetSpecRef(), x.specRef()));
        return Plans.plan(
                activeAgain(s, stable),
                Plans.trafficToX(s),
                Requeue.EVENTS_ONLY,
                Reason.ACTIVE_CHILD_RECOVERED,
                s.x.lowerCase() + " is stable and running again with spec " + stable);
    }

    private static TransitionRecord.Builder activeAgain(Step s, String stable) {
        var next =
                Plans.rest(s, BlueGreenState.of(Role.ACTIVE, s.x))
                        .stableSpecRef(stable)
                        .trafficColor(s.x);
        if (stable != null && stable.equals(s.record.failedSpecRef())) {
            next.failedSpecRef(null);
        }
        return next;
    }

    private static Plan stillFailing(Step s, ChildObservation x) {
        return Plans.stay(
                s,
                Reason.ACTIVE_CHILD_FAILING,
                s.x.lowerCase()
                        + " is failing ("
                        + x.lifecycle()
                        + ", job "
                        + x.jobState()
                        + "); change the spec to move away from it",
                Requeue.EVENTS_ONLY);
    }
}
