package dev.bluegreen.core;

import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

import static dev.bluegreen.core.BlueGreenState.Role.ACTIVE;
import static dev.bluegreen.core.BlueGreenState.Role.FAILING;
import static dev.bluegreen.core.BlueGreenState.Role.RETIRING;
import static dev.bluegreen.core.BlueGreenState.Role.TRANSITIONING;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static dev.bluegreen.core.Children.failing;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.starting;
import static dev.bluegreen.core.StateTableFixtures.LATE;
import static dev.bluegreen.core.StateTableFixtures.hold;
import static dev.bluegreen.core.StateTableFixtures.put;
import static dev.bluegreen.core.StateTableFixtures.soaked;

/**
 * The fixtures of the ADVANCED-mode rows of {@link StateTable} (policy {@code gatedHandover}),
 * keyed like {@link StateTableFixtures}. X is the colour in the source state's name.
 */
final class GatedStateTableFixtures {
    private GatedStateTableFixtures() {}

    /** What the gate reports: {@code owner} owns the output tail; {@code drained} is drained. */
    static GateObservation gate(Color owner, Color drained) {
        return new GateObservation(
                owner, drained == Color.BLUE, drained == Color.GREEN, "2 of 2 subtasks armed");
    }

    static GateObservation ownedBy(Color owner) {
        return gate(owner, null);
    }

    /** {@code owing} owns the output, and a keep window of the other colour protects it. */
    static GateObservation owes(Color owing) {
        return new GateObservation(owing, false, false, "keep window open", owing);
    }

    /** Transitioning to X (s2), gated, X stable and running, ready for 31 s. */
    static Given readyGated(Color x) {
        return soaked(Scenarios.transitioning(x)).gated();
    }

    /** Retiring X, gated, 2 min after the switch (the 1 min deletion delay passed). */
    static Given retiringGated(Color x) {
        return Scenarios.retiring(x).gated().after(Duration.ofMinutes(2));
    }

    /** Retiring a rolled-back X (s2, target = stable s1), gated, Y serves s1. */
    static Given rollingBack(Color x) {
        Color y = x.opposite();
        return Scenarios.retiring(x)
                .gated()
                .target("s1")
                .failed("s2")
                .desired("s1", ChangeKind.IGNORE)
                .record(r -> r.trafficSwitchedAt(null))
                .child(x, running("s2"))
                .child(y, running("s1"));
    }

    static void add(Map<String, Function<Color, Given>> m) {
        resting(m);
        transitioning(m);
        retiring(m);
    }

    private static void resting(Map<String, Function<Color, Given>> m) {
        put(
                m,
                ACTIVE,
                "gated: leftover Y still owns the output: wait for it",
                x ->
                        Scenarios.active(x)
                                .gated()
                                .child(x.opposite(), running("s0"))
                                .gate(ownedBy(x.opposite())));
        put(
                m,
                ACTIVE,
                "gated: TRANSITION blocked: Y still owns the output",
                x ->
                        Scenarios.active(x)
                                .gated()
                                .policy(p -> p.retention(Retention.SUSPEND))
                                .desired("s2", TRANSITION)
                                .child(x.opposite(), running("s0"))
                                .gate(ownedBy(x.opposite())));
        put(
                m,
                FAILING,
                "gated: TRANSITION blocked: Y owns the output, X not failing",
                x ->
                        Scenarios.failing(x)
                                .gated()
                                .child(x, Children.starting("s1"))
                                .desired("s2", TRANSITION)
                                .child(x.opposite(), running("s0"))
                                .gate(ownedBy(x.opposite())));
    }

    private static void transitioning(Map<String, Function<Color, Given>> m) {
        put(
                m,
                TRANSITIONING,
                "gated: new abort, X owns the output: drain it, then retire",
                x -> readyGated(x).gate(ownedBy(x)).abort("a1"));
        put(
                m,
                TRANSITIONING,
                "gated: desired != target, X owns the output: drain it first",
                x -> readyGated(x).gate(ownedBy(x)).desired("s3", TRANSITION));
        put(
                m,
                TRANSITIONING,
                "gated: deadline passed, ROLLBACK, X owns the output",
                x ->
                        Scenarios.transitioning(x)
                                .gated()
                                .child(x, starting("s2"))
                                .gate(ownedBy(x))
                                .after(LATE));
        put(
                m,
                TRANSITIONING,
                "gated: cutover to X committed: switch",
                x -> readyGated(x).record(r -> r.outputOwner(x)).gate(ownedBy(x)));
        put(
                m,
                TRANSITIONING,
                "gated: cutover requested, not committed yet",
                x -> readyGated(x).record(r -> r.outputOwner(x)).gate(ownedBy(x.opposite())));
        put(
                m,
                TRANSITIONING,
                "gated: cutover not committed by the catch-up deadline, ROLLBACK",
                x -> requestedLongAgo(x));
        put(
                m,
                TRANSITIONING,
                "gated: cutover not committed by the catch-up deadline, HOLD",
                x -> requestedLongAgo(x).policy(p -> p.catchUp(hold(Duration.ofMinutes(10)))));
        put(
                m,
                TRANSITIONING,
                "gated: new promote, Y serves: request the cutover",
                x -> Scenarios.transitioning(x).gated().child(x, running("s2")).promote("p1"));
        put(
                m,
                TRANSITIONING,
                "gated: ready, Y serves: request the cutover",
                x -> readyGated(x).gate(ownedBy(x.opposite())));
    }

    /** The cutover to X was requested; X has been ready for 11 min (catch-up deadline 10 min). */
    static Given requestedLongAgo(Color x) {
        return readyGated(x)
                .record(r -> r.outputOwner(x).readySince(Given.T0.minus(LATE)))
                .gate(ownedBy(x.opposite()));
    }

    private static void retiring(Map<String, Function<Color, Given>> m) {
        put(
                m,
                RETIRING,
                "gated: new abort, X running: hot rollback, Y drains first",
                x -> Scenarios.retiring(x).gated().gate(ownedBy(x.opposite())).abort("a1"));
        put(
                m,
                RETIRING,
                "gated rollback: new abort, Y runs, X not the owner: retire X",
                x -> rollingBack(x).gate(ownedBy(x.opposite())).abort("a1"));
        put(
                m,
                RETIRING,
                "gated rollback held, new abort, Y not running: Y keeps it",
                x -> heldRollbackYFailed(x).abort("a1"));
        put(
                m,
                RETIRING,
                "gated: Y not running and not failing, X running: hot rollback",
                x -> Scenarios.retiring(x).gated().child(x.opposite(), starting("s2")));
        put(
                m,
                RETIRING,
                "gated: Y failing, its output kept by X, X running: hand back",
                x ->
                        Scenarios.retiring(x)
                                .gated()
                                .child(x.opposite(), failing("s2", null))
                                .gate(owes(x.opposite())));
        put(
                m,
                RETIRING,
                "gated rollback: X failing, its output still kept by Y: wait",
                x -> rollingBack(x).child(x, failing("s2", null)).gate(owes(x)));
        put(
                m,
                RETIRING,
                "gated: delay passed, X still owns the output",
                x -> retiringGated(x).gate(ownedBy(x)));
        put(
                m,
                RETIRING,
                "gated: delay passed, X not drained",
                x -> retiringGated(x).gate(ownedBy(x.opposite())));
        put(
                m,
                RETIRING,
                "gated: X not drained by the cutover deadline, HOLD",
                x -> undrainedLate(x).policy(p -> p.cutover(hold(Duration.ofMinutes(5)))));
        put(
                m,
                RETIRING,
                "gated: X not drained by the deadline, ROLLBACK, X running",
                GatedStateTableFixtures::undrainedLate);
        put(
                m,
                RETIRING,
                "gated: X not drained by the deadline, ROLLBACK, X not running",
                x -> undrainedLate(x).child(x, starting("s1")));
        put(
                m,
                RETIRING,
                "gated: delay passed, X drained (or failing): retire X",
                x -> retiringGated(x).gate(gate(x.opposite(), x)));
    }

    /** Retiring X, gated, 6 min after the switch (cutover deadline 5 min), X not drained. */
    /**
     * A rolled-back X (running s2) is retired back to Y (s1), which failed; the cutover deadline (5
     * min, HOLD) passed 1 min ago.
     */
    static Given heldRollbackYFailed(Color x) {
        Color y = x.opposite();
        return rollingBack(x)
                .child(y, failing("s1", null))
                .gate(ownedBy(y))
                .after(Duration.ofMinutes(6))
                .policy(p -> p.cutover(hold(Duration.ofMinutes(5))));
    }

    static Given undrainedLate(Color x) {
        return Scenarios.retiring(x)
                .gated()
                .after(Duration.ofMinutes(6))
                .gate(ownedBy(x.opposite()));
    }
}
