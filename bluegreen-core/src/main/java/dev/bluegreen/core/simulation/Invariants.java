package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.DesiredSpec;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TransitionRecord;

import java.util.Objects;

/** The checks behind {@link Invariant}; each returns a breach or {@code null}. Stateless. */
final class Invariants {
    private Invariants() {}

    /** A breached invariant and what exactly was seen. */
    record Breach(Invariant invariant, String detail) {}

    /** Checks {@code action} against the world just before it is executed. */
    static Breach beforeAction(Action action, Observation observation, SimulatedCluster cluster) {
        if (action instanceof Action.DeployChild d && !cluster.specs().known(d.specRef())) {
            return unknownSpec(action, d.specRef());
        }
        if (action instanceof Action.PatchChild p && !cluster.specs().known(p.specRef())) {
            return unknownSpec(action, p.specRef());
        }
        Color traffic = cluster.traffic();
        if (action instanceof Action.SwitchTraffic s
                && s.color() != traffic
                && !observation.desired().suspended()
                && !cluster.child(s.color()).observe().stableAndRunning()) {
            return new Breach(
                    Invariant.SINGLE_TRAFFIC_TARGET,
                    action
                            + " moves traffic to a child that is not stable and running: "
                            + cluster.child(s.color()).observe());
        }
        if (action instanceof Action.DeleteChild d
                && d.color() == traffic
                && cluster.child(traffic).present()) {
            return new Breach(
                    Invariant.ACTIVE_CHILD_KEPT, action + " deletes the child receiving traffic");
        }
        if (action instanceof Action.DeleteChild d && cluster.savepointBeforeDelete()) {
            ChildObservation child = cluster.child(d.color()).observe();
            if (child.present() && child.jobState() == JobState.RUNNING && !child.failing()) {
                return new Breach(
                        Invariant.SAVEPOINT_BEFORE_DELETE,
                        action
                                + " deletes a child whose job runs (retention SUSPEND_THEN_DELETE:"
                                + " its open transaction would be lost): "
                                + child);
            }
        }
        if (action instanceof Action.SuspendChild s
                && s.color() == traffic
                && !observation.desired().suspended()) {
            return new Breach(
                    Invariant.ACTIVE_CHILD_KEPT,
                    action
                            + " suspends the child receiving traffic, but the desired spec "
                            + observation.desired().ref()
                            + " runs");
        }
        return null;
    }

    /**
     * Checks {@code action}, planned from the persisted record {@code from}, against {@link
     * Invariant#ABANDONED_CHILD_KEPT}.
     */
    static Breach abandonedChildKept(
            Action action, TransitionRecord from, SimulatedCluster cluster) {
        Retention retention = cluster.retention();
        if (!(action instanceof Action.DeleteChild d)
                || (retention != Retention.KEEP_RUNNING && retention != Retention.SUSPEND)
                || !cluster.child(d.color()).exists()) {
            return null;
        }
        BlueGreenState state = from.state();
        boolean changing =
                state.role() == BlueGreenState.Role.TRANSITIONING
                        || state.role() == BlueGreenState.Role.RETIRING;
        if (!changing || replaced(d.color(), from)) {
            return null;
        }
        return new Breach(
                Invariant.ABANDONED_CHILD_KEPT,
                String.format(
                        "%s in %s (target %s, stable %s) deletes a child abandoned by a rollback;"
                                + " retention %s keeps it suspended: %s",
                        action,
                        state,
                        from.targetSpecRef(),
                        from.stableSpecRef(),
                        retention,
                        cluster.child(d.color()).observe()));
    }

    /**
     * Whether {@code color} is the previous child retired at the end of a forward transition:
     * {@code RETIRING_<color>} with a target other than the stable spec.
     */
    private static boolean replaced(Color color, TransitionRecord from) {
        return from.state() == BlueGreenState.of(BlueGreenState.Role.RETIRING, color)
                && !Objects.equals(from.targetSpecRef(), from.stableSpecRef());
    }

    private static Breach unknownSpec(Action action, String ref) {
        return new Breach(Invariant.VALID_PLAN, action + " writes the unknown spec ref " + ref);
    }

    /** Checks the world after a step's actions ran and its record was (or was not) persisted. */
    static Breach afterStep(
            TransitionRecord persisted,
            boolean persistedNow,
            Observation observation,
            SimulatedCluster cluster) {
        FakeChild blue = cluster.child(Color.BLUE);
        FakeChild green = cluster.child(Color.GREEN);
        boolean excused =
                observation.desired().suspended()
                        || persisted.state().role() == BlueGreenState.Role.SUSPENDED
                        || suspendedStableSpec(persisted, cluster)
                        || persisted.stableSpecRef() == null
                        || blue.deletingByHand()
                        || green.deletingByHand();
        if (!blue.live() && !green.live() && !excused) {
            return new Breach(
                    Invariant.RUNNING_CHILD,
                    "no running child: blue " + blue.observe() + ", green " + green.observe());
        }
        Color traffic = cluster.traffic();
        if (persistedNow && persisted.trafficColor() != traffic) {
            // After a crash the old record may lag behind the executed actions, not otherwise.
            return new Breach(
                    Invariant.SINGLE_TRAFFIC_TARGET,
                    "the record says traffic is on "
                            + persisted.trafficColor()
                            + " but it points at "
                            + traffic);
        }
        if (traffic != null && !cluster.child(traffic).exists()) {
            return new Breach(
                    Invariant.SINGLE_TRAFFIC_TARGET,
                    "traffic points at " + traffic + ", which does not exist");
        }
        return null;
    }

    /** Whether the engine's last stable spec is a suspended one the user asked for earlier. */
    private static boolean suspendedStableSpec(TransitionRecord r, SimulatedCluster cluster) {
        return cluster.specs().known(r.stableSpecRef())
                && cluster.specs().suspended(r.stableSpecRef());
    }

    /**
     * Checks a resting state against the world: ACTIVE_X has traffic on a present child X;
     * FAILING_X too, unless traffic was never switched (the first deployment failed). And the
     * desired spec is applied (its change against the stable spec is IGNORE or PARENT_ONLY), or
     * reported as failed ({@code failedSpecRef}), or never deployed while suspended, or refused
     * because the serving child fails and {@code refuseFromFailing} (FailingSource.REFUSE).
     */
    static Breach atRest(
            TransitionRecord persisted, SimulatedCluster cluster, boolean refuseFromFailing) {
        BlueGreenState state = persisted.state();
        Color x = state.namedColor();
        boolean consistent =
                switch (state.role()) {
                    case ACTIVE -> cluster.traffic() == x && cluster.child(x).present();
                    case FAILING ->
                            cluster.traffic() == null
                                    || (cluster.traffic() == x && cluster.child(x).present());
                    default -> true;
                };
        if (!consistent) {
            return new Breach(
                    Invariant.CONVERGENCE,
                    "resting in "
                            + state
                            + " but traffic points at "
                            + cluster.traffic()
                            + " and "
                            + x
                            + " is "
                            + cluster.child(x).observe());
        }
        DesiredSpec desired = cluster.specs().desired(persisted.stableSpecRef());
        boolean settled =
                !desired.change().touchesChild()
                        || desired.ref().equals(persisted.failedSpecRef())
                        || state.role() == BlueGreenState.Role.INITIALIZING
                        || (state.role() == BlueGreenState.Role.FAILING && refuseFromFailing);
        return settled
                ? null
                : new Breach(
                        Invariant.CONVERGENCE,
                        "resting in "
                                + state
                                + " with the desired spec "
                                + desired
                                + " neither applied nor reported failed: "
                                + persisted
                                + "; blue "
                                + cluster.child(Color.BLUE).observe()
                                + "; green "
                                + cluster.child(Color.GREEN).observe());
    }

    /** Whether {@code state} is a resting state for the desired spec's suspended flag. */
    static boolean resting(BlueGreenState state, boolean desiredSuspended) {
        return switch (state.role()) {
            case ACTIVE, SUSPENDED, FAILING -> true;
            case INITIALIZING -> desiredSuspended;
            default -> false;
        };
    }
}
