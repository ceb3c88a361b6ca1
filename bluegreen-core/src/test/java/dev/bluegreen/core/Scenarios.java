package dev.bluegreen.core;

import dev.bluegreen.core.BlueGreenState.Role;

import java.time.Duration;

import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.suspended;
import static dev.bluegreen.core.Children.unobserved;

/**
 * Typical situations of each role, for colour X (the colour in the state's name) and Y its
 * opposite. Spec {@code s1} is stable, {@code s2} the target of the change in flight.
 */
public final class Scenarios {
    /** The name of the hand-over savepoint of transition 2. */
    public static final String SAVEPOINT = "t2-savepoint";

    private Scenarios() {}

    /** X serves spec s1, healthy, nothing to do. */
    public static Given active(Color x) {
        return Given.in(Role.ACTIVE, x).child(x, running("s1")).record(r -> r.trafficColor(x));
    }

    /** The hand-over savepoint of X (job-s1) for target s2 is requested, deadline in 10 min. */
    public static Given savepointing(Color x) {
        return Given.in(Role.SAVEPOINTING, x)
                .record(
                        r ->
                                r.transitionNumber(2)
                                        .trafficColor(x)
                                        .savepoint(
                                                new TransitionRecord.SavepointRef(
                                                        SAVEPOINT, "job-s1", null)))
                .target("s2")
                .deadlineIn(Duration.ofMinutes(10))
                .desired("s2", ChangeKind.TRANSITION)
                .child(x, running("s1"));
    }

    /** X was deployed with s2 and is not observed yet; Y serves s1; deadline in 10 min. */
    public static Given transitioning(Color x) {
        return Given.in(Role.TRANSITIONING, x)
                .record(
                        r ->
                                r.transitionNumber(2)
                                        .trafficColor(x.opposite())
                                        .restore(Action.RestoreFrom.PATH)
                                        .restorePath("s3://sp/2"))
                .target("s2")
                .deadlineIn(Duration.ofMinutes(10))
                .desired("s2", ChangeKind.TRANSITION)
                .child(x, unobserved("s2"))
                .child(x.opposite(), running("s1"));
    }

    /** The first deployment: X (s2) is deploying, nothing else exists, traffic never switched. */
    public static Given firstDeployment(Color x) {
        return transitioning(x)
                .stable(null)
                .record(r -> r.trafficColor(null))
                .child(x.opposite(), Children.absent());
    }

    /**
     * Traffic moved to Y (s2) at T0; the old X (s1) runs; deletion delay 1 min, cutover deadline in
     * 5 min.
     */
    public static Given retiring(Color x) {
        Color y = x.opposite();
        return Given.in(Role.RETIRING, x)
                .record(r -> r.transitionNumber(2).trafficColor(y).trafficSwitchedAt(Given.T0))
                .target("s2")
                .deadlineIn(Duration.ofMinutes(5))
                .desired("s2", ChangeKind.TRANSITION)
                .policy(p -> p.deletionDelay(Duration.ofMinutes(1)))
                .child(x, running("s1"))
                .child(y, running("s2"));
    }

    /** X is patched from s1 to s2, not observed yet; deadline in 10 min. */
    public static Given patching(Color x) {
        return Given.in(Role.PATCHING, x)
                .record(r -> r.transitionNumber(2).trafficColor(x))
                .target("s2")
                .deadlineIn(Duration.ofMinutes(10))
                .desired("s2", ChangeKind.PATCH_CHILD)
                .child(x, unobserved("s2"));
    }

    /** X is suspended with spec s1 and nothing changed. */
    public static Given suspendedIn(Color x) {
        return Given.in(Role.SUSPENDED, x).record(r -> r.trafficColor(x)).child(x, suspended("s1"));
    }

    /** X serves s1 but fails; its last good checkpoint is {@code s3://ckpt/7}. */
    public static Given failing(Color x) {
        return Given.in(Role.FAILING, x)
                .record(r -> r.trafficColor(x))
                .child(x, Children.failing("s1", "s3://ckpt/7"));
    }
}
