package dev.bluegreen.core;

import dev.bluegreen.core.BlueGreenState.Role;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import static dev.bluegreen.core.BlueGreenState.Role.ACTIVE;
import static dev.bluegreen.core.BlueGreenState.Role.INITIALIZING;
import static dev.bluegreen.core.BlueGreenState.Role.SAVEPOINTING;
import static dev.bluegreen.core.BlueGreenState.Role.TRANSITIONING;
import static dev.bluegreen.core.ChangeKind.PARENT_ONLY;
import static dev.bluegreen.core.ChangeKind.PATCH_CHILD;
import static dev.bluegreen.core.ChangeKind.SAVEPOINT_REDEPLOY;
import static dev.bluegreen.core.ChangeKind.SUSPEND;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static dev.bluegreen.core.Children.absent;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.starting;
import static dev.bluegreen.core.Children.terminating;
import static dev.bluegreen.core.Scenarios.SAVEPOINT;
import static dev.bluegreen.core.Scenarios.active;
import static dev.bluegreen.core.Scenarios.savepointing;
import static dev.bluegreen.core.Scenarios.transitioning;
import static dev.bluegreen.core.SnapshotState.COMPLETED;
import static dev.bluegreen.core.SnapshotState.FAILED;
import static dev.bluegreen.core.SnapshotState.IN_PROGRESS;

/**
 * One fixture per role-level row of {@link StateTable} (first half: initializing, active,
 * savepointing, transitioning), keyed by {@link StateTable.RoleRow#key()}. A fixture builds the
 * scenario for source colour X.
 */
final class StateTableFixtures {
    static final Duration LATE = Duration.ofMinutes(11);

    private StateTableFixtures() {}

    static Map<String, Function<Color, Given>> all() {
        var fixtures = new LinkedHashMap<String, Function<Color, Given>>();
        initializingAndActive(fixtures);
        savepointingRows(fixtures);
        transitioningRows(fixtures);
        MoreStateTableFixtures.add(fixtures);
        CommandStateTableFixtures.add(fixtures);
        GatedStateTableFixtures.add(fixtures);
        RetentionStateTableFixtures.add(fixtures);
        AnalysisStateTableFixtures.add(fixtures);
        return fixtures;
    }

    static void put(
            Map<String, Function<Color, Given>> map,
            Role role,
            String when,
            Function<Color, Given> fixture) {
        if (map.put(role + ": " + when, fixture) != null) {
            throw new IllegalStateException("two fixtures for " + role + ": " + when);
        }
    }

    private static void initializingAndActive(Map<String, Function<Color, Given>> m) {
        put(
                m,
                INITIALIZING,
                "desired spec is suspended",
                x ->
                        Given.in(INITIALIZING, x)
                                .stable(null)
                                .desired("s1", TRANSITION)
                                .suspendedSpec());
        put(
                m,
                INITIALIZING,
                "desired spec runs: deploy X",
                x -> Given.in(INITIALIZING, x).stable(null).desired("s1", TRANSITION));
        put(
                m,
                ACTIVE,
                "X missing: recreate with the stable spec",
                x -> active(x).child(x, absent()));
        put(m, ACTIVE, "X terminating", x -> active(x).child(x, terminating("s1")));
        put(m, ACTIVE, "X failing", x -> active(x).child(x, Children.failing("s1", null)));
        put(
                m,
                ACTIVE,
                "leftover Y present, retention DELETE: delete Y",
                x -> active(x).child(x.opposite(), Children.suspended("s0")));
        put(m, ACTIVE, "no change (IGNORE or desired == stable)", Scenarios::active);
        put(
                m,
                ACTIVE,
                "desired == failed spec, no new promote",
                x -> active(x).desired("s2", TRANSITION).failed("s2"));
        put(
                m,
                ACTIVE,
                "PARENT_ONLY: re-apply the parent for X",
                x -> active(x).desired("s2", PARENT_ONLY));
        put(m, ACTIVE, "PATCH_CHILD or RESUME: patch X", x -> active(x).desired("s2", PATCH_CHILD));
        put(
                m,
                ACTIVE,
                "SUSPEND: patch X suspended",
                x -> active(x).desired("s2", SUSPEND).suspendedSpec());
        put(
                m,
                ACTIVE,
                "TRANSITION blocked: Y present or X not stable and running",
                x -> active(x).desired("s2", TRANSITION).child(x, starting("s1")));
        put(
                m,
                ACTIVE,
                "stateful TRANSITION: savepoint X",
                x -> active(x).desired("s2", TRANSITION));
        put(
                m,
                ACTIVE,
                "stateless TRANSITION: deploy Y",
                x -> active(x).desired("s2", TRANSITION).stateless());
        put(
                m,
                ACTIVE,
                "SAVEPOINT_REDEPLOY: deploy Y from the spec's savepoint",
                x -> active(x).desired("s2", SAVEPOINT_REDEPLOY));
    }

    private static void savepointingRows(Map<String, Function<Color, Given>> m) {
        put(
                m,
                SAVEPOINTING,
                "X missing: recreate with the stable spec",
                x -> savepointing(x).child(x, absent()));
        put(m, SAVEPOINTING, "new abort", x -> savepointing(x).abort("a1"));
        put(m, SAVEPOINTING, "paused", x -> savepointing(x).paused());
        put(m, SAVEPOINTING, "desired != target", x -> savepointing(x).desired("s3", TRANSITION));
        put(
                m,
                SAVEPOINTING,
                "savepoint completed: deploy Y from it",
                x -> savepointing(x).snapshot(SAVEPOINT, COMPLETED, "s3://sp/2"));
        put(
                m,
                SAVEPOINTING,
                "savepoint failed or abandoned",
                x -> savepointing(x).snapshot(SAVEPOINT, FAILED, null));
        put(
                m,
                SAVEPOINTING,
                "X's job run changed before the savepoint finished",
                x ->
                        savepointing(x)
                                .child(x, Children.runningJob("s1", "job-2"))
                                .snapshot(SAVEPOINT, IN_PROGRESS, null));
        put(
                m,
                SAVEPOINTING,
                "deadline passed, ROLLBACK",
                x -> savepointing(x).snapshot(SAVEPOINT, IN_PROGRESS, null).after(LATE));
        put(
                m,
                SAVEPOINTING,
                "deadline passed, HOLD",
                x ->
                        savepointing(x)
                                .after(LATE)
                                .policy(p -> p.savepoint(hold(Duration.ofMinutes(10)))));
        put(m, SAVEPOINTING, "snapshot not observed: re-request it", Scenarios::savepointing);
        put(
                m,
                SAVEPOINTING,
                "snapshot in progress",
                x -> savepointing(x).snapshot(SAVEPOINT, IN_PROGRESS, null));
    }

    private static void transitioningRows(Map<String, Function<Color, Given>> m) {
        put(
                m,
                TRANSITIONING,
                "serving Y being deleted",
                x -> transitioning(x).child(x.opposite(), terminating("s1")));
        put(
                m,
                TRANSITIONING,
                "serving Y gone, X stable and running: finalize forward",
                x -> transitioning(x).child(x.opposite(), absent()).child(x, running("s2")));
        put(
                m,
                TRANSITIONING,
                "serving Y gone, X not ready: recreate Y",
                x -> transitioning(x).child(x.opposite(), absent()));
        put(m, TRANSITIONING, "new abort, Y present", x -> transitioning(x).abort("a1"));
        put(
                m,
                TRANSITIONING,
                "new abort, Y present and failing",
                x ->
                        transitioning(x)
                                .abort("a1")
                                .child(x.opposite(), Children.failing("s1", null)));
        put(m, TRANSITIONING, "new abort, no Y", x -> Scenarios.firstDeployment(x).abort("a1"));
        put(m, TRANSITIONING, "paused", x -> transitioning(x).paused());
        put(
                m,
                TRANSITIONING,
                "desired != target, Y present",
                x -> transitioning(x).desired("s3", TRANSITION));
        put(
                m,
                TRANSITIONING,
                "desired != target, Y present and failing",
                x ->
                        transitioning(x)
                                .desired("s3", TRANSITION)
                                .child(x.opposite(), Children.failing("s1", null)));
        put(
                m,
                TRANSITIONING,
                "desired != target, no Y: redeploy X",
                x -> Scenarios.firstDeployment(x).desired("s3", TRANSITION));
        put(m, TRANSITIONING, "X missing: recreate it", x -> transitioning(x).child(x, absent()));
        put(
                m,
                TRANSITIONING,
                "X rejected or failed by the operator, ROLLBACK, Y present",
                x -> transitioning(x).child(x, Children.rejected("s2")));
        put(
                m,
                TRANSITIONING,
                "X rejected or failed, ROLLBACK, Y present and failing",
                x ->
                        transitioning(x)
                                .child(x, Children.failing("s2", null))
                                .child(x.opposite(), Children.failing("s1", null)));
        put(
                m,
                TRANSITIONING,
                "X rejected or failed, ROLLBACK, no Y",
                x -> Scenarios.firstDeployment(x).child(x, Children.rejected("s2")));
        put(
                m,
                TRANSITIONING,
                "X rejected or failed, HOLD",
                x ->
                        transitioning(x)
                                .child(x, Children.rejected("s2"))
                                .policy(p -> p.readinessDeadline(hold(Duration.ofMinutes(10)))));
        put(
                m,
                TRANSITIONING,
                "deadline passed, ROLLBACK, Y present",
                x -> transitioning(x).after(LATE));
        put(
                m,
                TRANSITIONING,
                "deadline passed, ROLLBACK, Y present and failing",
                x ->
                        transitioning(x)
                                .after(LATE)
                                .child(x.opposite(), Children.failing("s1", null)));
        put(
                m,
                TRANSITIONING,
                "deadline passed, ROLLBACK, no Y",
                x -> Scenarios.firstDeployment(x).after(LATE));
        put(
                m,
                TRANSITIONING,
                "deadline passed, HOLD",
                x ->
                        transitioning(x)
                                .after(LATE)
                                .policy(p -> p.readinessDeadline(hold(Duration.ofMinutes(10)))));
        put(m, TRANSITIONING, "X's generation not observed", Scenarios::transitioning);
        put(
                m,
                TRANSITIONING,
                "X not stable and running",
                x -> transitioning(x).child(x, starting("s2")));
        put(
                m,
                TRANSITIONING,
                "new promote, Y present: switch",
                x -> transitioning(x).child(x, running("s2")).promote("p1"));
        put(
                m,
                TRANSITIONING,
                "new promote, no Y: switch",
                x -> Scenarios.firstDeployment(x).child(x, running("s2")).promote("p1"));
        put(m, TRANSITIONING, "ready, Y present: switch", x -> soaked(transitioning(x)));
        put(m, TRANSITIONING, "ready, first deployment", x -> soaked(Scenarios.firstDeployment(x)));
        put(
                m,
                TRANSITIONING,
                "readiness policy waits (soak)",
                x -> transitioning(x).child(x, running("s2")));
        put(
                m,
                TRANSITIONING,
                "readiness policy not ready",
                x ->
                        transitioning(x)
                                .child(x, running("s2"))
                                .policy(
                                        p ->
                                                p.readiness(
                                                        ReadinessPolicies.completedCheckpoints(
                                                                5))));
        put(
                m,
                TRANSITIONING,
                "readiness policy failed (threw, overran)",
                x ->
                        transitioning(x)
                                .child(x, running("s2"))
                                .policy(
                                        p ->
                                                p.readiness(
                                                        input ->
                                                                new ReadinessVerdict.Failed(
                                                                        "boom"))));
    }

    /** X runs s2 and has been ready for longer than the default soak. */
    static Given soaked(Given given) {
        Color x = given.record().state().namedColor();
        return given.child(x, running("s2")).record(r -> r.readySince(Given.T0.minusSeconds(31)));
    }

    static PhaseDeadline hold(Duration timeout) {
        return new PhaseDeadline(timeout, TimeoutAction.HOLD);
    }
}
