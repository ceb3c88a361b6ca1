package dev.bluegreen.core;

import java.util.Map;
import java.util.function.Function;

import static dev.bluegreen.core.BlueGreenState.Role.ACTIVE;
import static dev.bluegreen.core.BlueGreenState.Role.FAILING;
import static dev.bluegreen.core.BlueGreenState.Role.INITIALIZING;
import static dev.bluegreen.core.BlueGreenState.Role.SUSPENDED;
import static dev.bluegreen.core.BlueGreenState.Role.TRANSITIONING;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static dev.bluegreen.core.Children.absent;
import static dev.bluegreen.core.StateTableFixtures.put;

/**
 * Fixtures of {@link StateTableFixtures} for command tokens seen while nothing is in flight, and
 * for a first deployment that already serves.
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
    }
}
