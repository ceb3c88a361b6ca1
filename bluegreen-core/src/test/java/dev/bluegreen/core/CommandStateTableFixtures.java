package dev.bluegreen.core;

import java.util.Map;
import java.util.function.Function;

import static dev.bluegreen.core.BlueGreenState.Role.ACTIVE;
import static dev.bluegreen.core.BlueGreenState.Role.FAILING;
import static dev.bluegreen.core.BlueGreenState.Role.INITIALIZING;
import static dev.bluegreen.core.BlueGreenState.Role.PATCHING;
import static dev.bluegreen.core.BlueGreenState.Role.SUSPENDED;
import static dev.bluegreen.core.BlueGreenState.Role.TRANSITIONING;
import static dev.bluegreen.core.ChangeKind.RESUME;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static dev.bluegreen.core.Children.absent;
import static dev.bluegreen.core.StateTableFixtures.put;

/**
 * Fixtures of {@link StateTableFixtures} for command tokens seen while nothing is in flight, a
 * first deployment that already serves, and a resume while a suspend is paused.
 */
final class CommandStateTableFixtures {
    private CommandStateTableFixtures() {}

    static void add(Map<String, Function<Color, Given>> m) {
        Map<BlueGreenState.Role, Function<Color, Given>> resting =
                Map.of(
                        INITIALIZING,
                        x ->
                                Given.in(INITIALIZING, x)
                                        .stable(null)
                                        .desired("s1", TRANSITION)
                                        .suspendedSpec(),
                        ACTIVE,
                        Scenarios::active,
                        SUSPENDED,
                        x -> Scenarios.suspendedIn(x).suspendedSpec(),
                        FAILING,
                        Scenarios::failing);
        resting.forEach(
                (role, given) -> {
                    put(
                            m,
                            role,
                            "new abort, nothing in flight: consume it",
                            x -> given.apply(x).abort("a1"));
                    put(
                            m,
                            role,
                            "new promote, nothing to retry: consume it",
                            x -> given.apply(x).promote("p1"));
                });
        put(
                m,
                TRANSITIONING,
                "serving X (first deployment) gone: recreate it before all else",
                x ->
                        Scenarios.firstDeployment(x)
                                .record(r -> r.trafficColor(x))
                                .child(x, absent())
                                .paused()
                                .abort("a1"));
        put(
                m,
                PATCHING,
                "paused, X suspended by its spec, desired runs: re-patch",
                x -> suspendPaused(x).desired("s2", RESUME));
    }

    /**
     * X is being suspended (spec s2-suspended written, not observed yet, the job still runs) and
     * the user paused; the desired spec is left to the caller.
     */
    static Given suspendPaused(Color x) {
        var child =
                new ChildObservation(
                        true,
                        false,
                        "s2-suspended",
                        2,
                        1,
                        true,
                        Lifecycle.STABLE,
                        JobState.RUNNING,
                        "job-s1",
                        Children.JOB_START,
                        HealthFacts.unknown());
        return Scenarios.patching(x).target("s2-suspended").child(x, child).paused();
    }
}
