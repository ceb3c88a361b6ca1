package dev.bluegreen.core;

import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

import static dev.bluegreen.core.BlueGreenState.Role.FAILING;
import static dev.bluegreen.core.BlueGreenState.Role.PATCHING;
import static dev.bluegreen.core.BlueGreenState.Role.RETIRING;
import static dev.bluegreen.core.BlueGreenState.Role.SUSPENDED;
import static dev.bluegreen.core.ChangeKind.IGNORE;
import static dev.bluegreen.core.ChangeKind.PARENT_ONLY;
import static dev.bluegreen.core.ChangeKind.PATCH_CHILD;
import static dev.bluegreen.core.ChangeKind.RESUME;
import static dev.bluegreen.core.ChangeKind.SUSPEND;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static dev.bluegreen.core.Children.absent;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.starting;
import static dev.bluegreen.core.Children.terminating;
import static dev.bluegreen.core.Scenarios.failing;
import static dev.bluegreen.core.Scenarios.patching;
import static dev.bluegreen.core.Scenarios.retiring;
import static dev.bluegreen.core.Scenarios.suspendedIn;
import static dev.bluegreen.core.StateTableFixtures.LATE;
import static dev.bluegreen.core.StateTableFixtures.hold;
import static dev.bluegreen.core.StateTableFixtures.put;

/** The second half of {@link StateTableFixtures}: retiring, patching, suspended, failing. */
final class MoreStateTableFixtures {
    private static final Duration AFTER_CUTOVER = Duration.ofMinutes(6);

    private MoreStateTableFixtures() {}

    static void add(Map<String, Function<Color, Given>> m) {
        retiringRows(m);
        patchingRows(m);
        suspendedRows(m);
        failingRows(m);
    }

    private static Given neitherRunning(Color x) {
        return retiring(x).child(x, starting("s1")).child(x.opposite(), starting("s2"));
    }

    /**
     * X (recreated) is patched to its suspended stable spec s1-suspended, which the operator has
     * not observed yet.
     */
    private static Given returningToSuspendedStable(Color x) {
        var child =
                new ChildObservation(
                        true,
                        false,
                        "s1-suspended",
                        2,
                        1,
                        true,
                        Lifecycle.STABLE,
                        JobState.RUNNING,
                        "job-s1",
                        Children.JOB_START,
                        HealthFacts.unknown());
        return patching(x)
                .stable("s1-suspended")
                .target("s1-suspended")
                .desired("s1-suspended", IGNORE)
                .suspendedSpec()
                .child(x, child);
    }

    private static void retiringRows(Map<String, Function<Color, Given>> m) {
        put(
                m,
                RETIRING,
                "X gone, Y gone too: recreate Y first",
                x -> retiring(x).child(x, absent()).child(x.opposite(), absent()));
        put(m, RETIRING, "X gone: finalize forward", x -> retiring(x).child(x, absent()));
        put(m, RETIRING, "new abort, X running: switch back", x -> retiring(x).abort("a1"));
        put(
                m,
                RETIRING,
                "new abort, neither running, Y exists: Y keeps it",
                x -> neitherRunning(x).abort("a1"));
        put(
                m,
                RETIRING,
                "Y not stable and running, X running: switch back",
                x -> retiring(x).child(x.opposite(), Children.failing("s2", null)));
        put(
                m,
                RETIRING,
                "neither running, cutover deadline passed, ROLLBACK: Y keeps it",
                x -> neitherRunning(x).after(AFTER_CUTOVER));
        put(
                m,
                RETIRING,
                "Y gone, X not running: recreate Y",
                x -> retiring(x).child(x, starting("s1")).child(x.opposite(), absent()));
        put(
                m,
                RETIRING,
                "neither running, cutover deadline passed, HOLD, new promote",
                x ->
                        neitherRunning(x)
                                .after(AFTER_CUTOVER)
                                .policy(p -> p.cutover(hold(Duration.ofMinutes(5))))
                                .promote("p1"));
        put(
                m,
                RETIRING,
                "neither running, cutover deadline passed, HOLD",
                x ->
                        neitherRunning(x)
                                .after(AFTER_CUTOVER)
                                .policy(p -> p.cutover(hold(Duration.ofMinutes(5)))));
        put(m, RETIRING, "neither running", MoreStateTableFixtures::neitherRunning);
        put(m, RETIRING, "paused", x -> retiring(x).paused());
        put(m, RETIRING, "deletion delay or rollback window not passed", Scenarios::retiring);
        put(m, RETIRING, "delay passed: retire X", x -> retiring(x).after(Duration.ofMinutes(2)));
    }

    private static void patchingRows(Map<String, Function<Color, Given>> m) {
        put(m, PATCHING, "new abort: patch back to stable", x -> patching(x).abort("a1"));
        put(
                m,
                PATCHING,
                "new abort, returning to stable, not done, X's spec suspended",
                x -> returningToSuspendedStable(x).abort("a1"));
        put(
                m,
                PATCHING,
                "new abort, returning to stable, not done: keep X as it is",
                x -> patching(x).target("s1").desired("s1", IGNORE).abort("a1"));
        put(m, PATCHING, "paused", x -> patching(x).paused());
        put(
                m,
                PATCHING,
                "desired != target: re-patch",
                x -> patching(x).desired("s3", PATCH_CHILD));
        put(m, PATCHING, "X missing: recreate it", x -> patching(x).child(x, absent()));
        put(
                m,
                PATCHING,
                "X missing, desired spec changed: recreate it re-targeted",
                x -> patching(x).desired("s3", PATCH_CHILD).child(x, absent()));
        put(
                m,
                PATCHING,
                "desired failed but runs, X's spec suspended: back to stable",
                x ->
                        patching(x)
                                .target("s2-suspended")
                                .desired("s2", RESUME)
                                .failed("s2")
                                .child(x, Children.stopping("s2-suspended")));
        put(
                m,
                PATCHING,
                "held return to stable, needs a transition, X's spec suspended",
                x ->
                        returningToSuspendedStable(x)
                                .desired("s3", TRANSITION)
                                .after(LATE)
                                .policy(p -> p.patch(hold(Duration.ofMinutes(10)))));
        put(
                m,
                PATCHING,
                "held return to stable, needs a transition: give up",
                x ->
                        patching(x)
                                .target("s1")
                                .desired("s3", TRANSITION)
                                .after(LATE)
                                .policy(p -> p.patch(hold(Duration.ofMinutes(10)))));
        put(
                m,
                PATCHING,
                "X observed suspended at the newest generation",
                x ->
                        patching(x)
                                .desired("s2", SUSPEND)
                                .suspendedSpec()
                                .child(x, Children.suspended("s2")));
        put(
                m,
                PATCHING,
                "X stable and running at the newest generation",
                x -> patching(x).child(x, running("s2")));
        put(
                m,
                PATCHING,
                "X rejected or failed by the operator, ROLLBACK: back to stable",
                x -> patching(x).child(x, Children.rejected("s2")));
        put(
                m,
                PATCHING,
                "X rejected or failed, ROLLBACK, nothing to return to",
                x ->
                        patching(x)
                                .target("s1")
                                .desired("s1", IGNORE)
                                .child(x, Children.failing("s1", null)));
        put(
                m,
                PATCHING,
                "X rejected or failed, HOLD",
                x ->
                        patching(x)
                                .child(x, Children.rejected("s2"))
                                .policy(p -> p.patch(hold(Duration.ofMinutes(10)))));
        put(
                m,
                PATCHING,
                "deadline passed, ROLLBACK: patch back to stable",
                x -> patching(x).after(LATE));
        put(
                m,
                PATCHING,
                "deadline passed, ROLLBACK, nothing to return to",
                x -> patching(x).target("s1").desired("s1", IGNORE).after(LATE));
        put(
                m,
                PATCHING,
                "deadline passed, HOLD",
                x -> patching(x).after(LATE).policy(p -> p.patch(hold(Duration.ofMinutes(10)))));
        put(m, PATCHING, "X's generation not observed", Scenarios::patching);
        put(m, PATCHING, "X not ready yet", x -> patching(x).child(x, starting("s2")));
    }

    private static void suspendedRows(Map<String, Function<Color, Given>> m) {
        put(
                m,
                SUSPENDED,
                "X missing: recreate it suspended",
                x -> suspendedIn(x).suspendedSpec().child(x, absent()));
        put(
                m,
                SUSPENDED,
                "desired == failed spec, no new promote",
                x -> suspendedIn(x).desired("s2", RESUME).failed("s2"));
        put(
                m,
                SUSPENDED,
                "child change, resume: patch X",
                x -> suspendedIn(x).desired("s2", RESUME));
        put(
                m,
                SUSPENDED,
                "child change, stay suspended: patch X",
                x -> suspendedIn(x).desired("s2", PATCH_CHILD).suspendedSpec());
        put(
                m,
                SUSPENDED,
                "PARENT_ONLY: re-apply the parent for X",
                x -> suspendedIn(x).desired("s2", PARENT_ONLY).suspendedSpec());
        put(m, SUSPENDED, "no change", x -> suspendedIn(x).suspendedSpec());
    }

    private static void failingRows(Map<String, Function<Color, Given>> m) {
        put(m, FAILING, "X stable and running again", x -> failing(x).child(x, running("s1")));
        put(m, FAILING, "X missing, stable spec: recreate it", x -> failing(x).child(x, absent()));
        put(
                m,
                FAILING,
                "X missing, no stable spec: redeploy it",
                x -> failing(x).stable(null).child(x, absent()));
        put(
                m,
                FAILING,
                "desired == failed spec, no new promote",
                x -> failing(x).desired("s2", TRANSITION).failed("s2"));
        put(
                m,
                FAILING,
                "PARENT_ONLY: re-apply the parent for X",
                x -> failing(x).desired("s2", PARENT_ONLY));
        put(
                m,
                FAILING,
                "PATCH_CHILD or RESUME: patch X",
                x -> failing(x).desired("s2", PATCH_CHILD));
        put(
                m,
                FAILING,
                "SUSPEND: patch X suspended",
                x -> failing(x).desired("s2", SUSPEND).suspendedSpec());
        put(
                m,
                FAILING,
                "TRANSITION, no stable spec: redeploy X",
                x -> failing(x).stable(null).desired("s2", TRANSITION));
        put(
                m,
                FAILING,
                "TRANSITION, failingSource REFUSE",
                x ->
                        failing(x)
                                .desired("s2", TRANSITION)
                                .policy(p -> p.failingSource(FailingSource.REFUSE)));
        put(
                m,
                FAILING,
                "TRANSITION blocked: Y present or terminating",
                x -> failing(x).desired("s2", TRANSITION).child(x.opposite(), terminating("s0")));
        put(
                m,
                FAILING,
                "TRANSITION: deploy Y from the last good snapshot",
                x -> failing(x).desired("s2", TRANSITION));
        put(m, FAILING, "no change", Scenarios::failing);
    }
}
