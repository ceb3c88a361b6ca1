package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.BlueGreenState.Role;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;

/**
 * The ADVANCED-mode checks behind {@link Invariant#CUTOVER_BEFORE_TRAFFIC}, {@link
 * Invariant#OUTPUT_OWNER_KEPT} and {@link Invariant#DRAINED_BEFORE_RETIRED}, made just before an
 * action is executed; each returns a breach or {@code null}. Stateless.
 */
final class GateInvariants {
    private GateInvariants() {}

    static Invariants.Breach beforeAction(
            Action action,
            Plan plan,
            BlueGreenState from,
            Observation observation,
            SimulatedCluster cluster) {
        Color retired = retired(action);
        boolean retiresALiveChild = retired != null && live(cluster, retired);
        return Invariants.first(
                () -> trafficBeforeCutover(action, from, cluster),
                () -> retiresALiveChild ? ownerRetired(action, plan, observation, cluster) : null,
                () -> retiresALiveChild ? retiredUndrained(action, plan, from, cluster) : null);
    }

    private static Invariants.Breach trafficBeforeCutover(
            Action action, BlueGreenState from, SimulatedCluster cluster) {
        FakeGate gate = cluster.gate();
        Color traffic = cluster.traffic();
        if (action instanceof Action.SwitchTraffic s
                && from.role() == Role.TRANSITIONING
                && traffic != null
                && traffic != s.color()
                && cluster.child(traffic).present()
                && gate.owner() != s.color()) {
            return new Invariants.Breach(
                    Invariant.CUTOVER_BEFORE_TRAFFIC,
                    action + " while the gate still gives the output to " + gate.owner());
        }
        return null;
    }

    private static Invariants.Breach ownerRetired(
            Action action, Plan plan, Observation observation, SimulatedCluster cluster) {
        Color retired = retired(action);
        boolean otherFails = cluster.child(retired.opposite()).observe().failing();
        if (cluster.gate().owner() == retired
                && !observation.desired().suspended()
                && !otherFails) {
            return new Invariants.Breach(
                    Invariant.OUTPUT_OWNER_KEPT,
                    action + " retires the gate's output owner " + plan.reason());
        }
        return null;
    }

    private static Invariants.Breach retiredUndrained(
            Action action, Plan plan, BlueGreenState from, SimulatedCluster cluster) {
        Color retired = retired(action);
        boolean excused =
                plan.reason() == Reason.DEADLINE_EXCEEDED_ROLLBACK
                        || plan.reason() == Reason.ABORTED_BY_USER;
        if (from.role() == Role.RETIRING && cluster.gate().owesDrain(retired) && !excused) {
            return new Invariants.Breach(
                    Invariant.DRAINED_BEFORE_RETIRED,
                    action + " retires " + retired + " before it drained (" + plan.reason() + ")");
        }
        return null;
    }

    private static Color retired(Action action) {
        if (action instanceof Action.DeleteChild d) {
            return d.color();
        }
        return action instanceof Action.SuspendChild s ? s.color() : null;
    }

    /** Whether the child runs a job that may still emit: live and not failing. */
    private static boolean live(SimulatedCluster cluster, Color color) {
        FakeChild child = cluster.child(color);
        return child.live() && !child.observe().failing();
    }
}
