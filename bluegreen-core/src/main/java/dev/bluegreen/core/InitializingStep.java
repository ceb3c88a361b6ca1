package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.RestoreFrom;

import java.util.List;
import java.util.Optional;

/** Decisions in {@link BlueGreenState#INITIALIZING_BLUE}: the first deployment. */
final class InitializingStep {
    private InitializingStep() {}

    static Plan decide(Step s) {
        if (s.desired.suspended()) {
            return Plans.stay(
                    s,
                    Reason.INITIAL_DEPLOY_BLOCKED_SUSPENDED,
                    "the initial spec is suspended: nothing is deployed until it asks to run",
                    Requeue.EVENTS_ONLY);
        }
        return deployBlue(s);
    }

    private static Plan deployBlue(Step s) {
        var restore = RestoreFrom.SPEC_INITIAL_SAVEPOINT;
        return Plans.plan(
                Plans.startDeploy(
                        s, BlueGreenState.TRANSITIONING_TO_BLUE, s.desired.ref(), restore, null),
                List.of(new DeployChild(Color.BLUE, s.desired.ref(), restore, null)),
                Optional.of(s.policy.readinessDeadline().timeout()),
                Reason.INITIAL_DEPLOY,
                "deploying blue with spec " + s.desired.ref() + " (first deployment)");
    }
}
