package dev.bluegreen.core;

import java.util.Map;
import java.util.function.Function;

import static dev.bluegreen.core.BlueGreenState.Role.ACTIVE;
import static dev.bluegreen.core.BlueGreenState.Role.FAILING;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.starting;
import static dev.bluegreen.core.Children.stopping;
import static dev.bluegreen.core.Children.suspended;
import static dev.bluegreen.core.StateTableFixtures.put;

/**
 * The fixtures of the {@link Retention#SUSPEND_THEN_DELETE} rows of {@link StateTable}: leftover
 * children stopped with a savepoint before they are deleted.
 */
final class RetentionStateTableFixtures {
    private RetentionStateTableFixtures() {}

    static Given active(Color x) {
        return Scenarios.active(x).policy(p -> p.retention(Retention.SUSPEND_THEN_DELETE));
    }

    static Given failing(Color x) {
        return Scenarios.failing(x)
                .policy(p -> p.retention(Retention.SUSPEND_THEN_DELETE))
                .desired("s2", TRANSITION);
    }

    static void add(Map<String, Function<Color, Given>> m) {
        put(
                m,
                ACTIVE,
                "SUSPEND_THEN_DELETE: leftover Y's job runs: stop it, savepoint",
                x -> active(x).child(x.opposite(), running("s0")));
        put(
                m,
                ACTIVE,
                "SUSPEND_THEN_DELETE: leftover Y still stopping: wait",
                x -> active(x).child(x.opposite(), stopping("s0")));
        put(
                m,
                ACTIVE,
                "SUSPEND_THEN_DELETE: leftover Y suspended: delete Y",
                x -> active(x).child(x.opposite(), suspended("s0")));
        put(
                m,
                ACTIVE,
                "SUSPEND_THEN_DELETE: leftover Y failing or not running: delete",
                x -> active(x).child(x.opposite(), starting("s0")));
        put(
                m,
                FAILING,
                "SUSPEND_THEN_DELETE: TRANSITION blocked: stop Y, savepoint",
                x -> failing(x).child(x.opposite(), running("s0")));
        put(
                m,
                FAILING,
                "SUSPEND_THEN_DELETE: TRANSITION blocked: Y still stopping",
                x -> failing(x).child(x.opposite(), stopping("s0")));
    }
}
