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
import java.util.function.Supplier;
import java.util.stream.Stream;

/** The checks behind {@link Invariant}; each returns a breach or {@code null}. Stateless. */
final class Invariants {
    private Invariants() {}

    /** A breached invariant and what exactly was seen. */
    record Breach(Invariant invariant, String detail) {}

    /** Checks {@code action} against the world just before it is executed. */
    static Breach beforeAction(Action action, Observation observation, SimulatedCluster cluster) {
        return first(
                () -> unknownSpecWritten(action, cluster),
                () -> trafficToUnreadyChild(action, observation, cluster),
                () -> activeChildDeleted(action, cluster),
                () -> runningJobDeleted(action, cluster),
                () -> activeChildSuspended(action, observation, cluster));
    }

    /** The first breach the checks find, in order, or {@code null}; later checks do not run. */
    @SafeVarargs
    static Breach first(Supplier<Breach>... checks) {
        return Stream.of(checks)
                .map(Supplier::get)
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(null);
    }

    private static Breach unknownSpecWritten(Action action, SimulatedCluster cluster) {
        if (action instanceof Action.DeployChild d && !cluster.specs().known(d.specRef())) {
            return unknownSpec(action, d.specRef());
        }
        if (action instanceof Action.PatchChild p && !cluster.specs().known(p.specRef())) {
            return unknownSpec(action, p.specRef());
        }
        return null;
    }

    private static Breach trafficToUnreadyChild(
            Action action, Observation observation, SimulatedCluster cluster) {
        if (action instanceof Action.SwitchTraffic s
                && s.color() != cluster.traffic()
                && !observation.desired().suspended()
                && !cluster.child(s.color()).observe().stableAndRunning()) {
            return new Breach(
                    Invariant.SINGLE_TRAFFIC_TARGET,
                    action
                            + " moves traffic to a child that is not stable and running: "
                            + cluster.child(s.color()).observe());
        }
        return null;
    }

    private static Breach activeChildDeleted(Action action, SimulatedCluster cluster) {
        Color traffic = cluster.traffic();
        if (action instanceof Action.DeleteChild d
                && d.color() == traffic
                && cluster.child(traffic).present()) {
            return new Breach(
                    Invariant.ACTIVE_CHILD_KEPT, action + " deletes the child receiving traffic");
        }
        return null;
    }

    private static Breach runningJobDeleted(Action action, SimulatedCluster cluster) {
        if (!(action instanceof Action.DeleteChild d) || !cluster.savepointBeforeDelete()) {
            return null;
        }
        ChildObservation child = cluster.child(d.color()).observe();
        if (child.present() && child.jobState() == JobState.RUNNING && !child.failing()) {
            return new Breach(
                    Invariant.SAVEPOINT_BEFORE_DELETE,
                    action
                            + " deletes a child whose job runs (retention SUSPEND_THEN_DELETE:"
                            + " its open transaction would be lost): "
                            + child);
        }
        return null;
    }

    private static Breach activeChildSuspended(
            Action action, Observation observation, SimulatedCluster cluster) {
        if (action instanceof Action.SuspendChild s
                && s.color() == cluster.traffic()
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
        return new Breach(Invariant.ABANDONED_CHILD_KEPT, abandoned(action, from, cluster));
    }

    private static String abandoned(
            Action action, TransitionRecord from, SimulatedCluster cluster) {
        Color color = ((Action.DeleteChild) action).color();
        return String.format(
                "%s in %s (target %s, stable %s) deletes a child abandoned by a rollback;"
                        + " retention %s keeps it suspended: %s",
                action,
                from.state(),
                from.targetSpecRef(),
                from.stableSpecRef(),
                cluster.retention(),
                cluster.child(color).observe());
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
        return first(
                () -> noRunningChild(persisted, observation, cluster),
                () -> trafficBesideTheRecord(persisted, persistedNow, cluster),
                () -> trafficToAMissingChild(cluster));
    }

    private static Breach noRunningChild(
            TransitionRecord persisted, Observation observation, SimulatedCluster cluster) {
        FakeChild blue = cluster.child(Color.BLUE);
        FakeChild green = cluster.child(Color.GREEN);
        if (blue.live() || green.live() || noChildNeedsToRun(persisted, observation, cluster)) {
            return null;
        }
        return new Breach(
                Invariant.RUNNING_CHILD,
                "no running child: blue " + blue.observe() + ", green " + green.observe());
    }

    /** Whether no child has to run: suspended, never stable, or a child deleted by hand. */
    private static boolean noChildNeedsToRun(
            TransitionRecord persisted, Observation observation, SimulatedCluster cluster) {
        return observation.desired().suspended()
                || persisted.state().role() == BlueGreenState.Role.SUSPENDED
                || suspendedStableSpec(persisted, cluster)
                || persisted.stableSpecRef() == null
                || cluster.child(Color.BLUE).deletingByHand()
                || cluster.child(Color.GREEN).deletingByHand();
    }

    private static Breach trafficBesideTheRecord(
            TransitionRecord persisted, boolean persistedNow, SimulatedCluster cluster) {
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
        return null;
    }

    private static Breach trafficToAMissingChild(SimulatedCluster cluster) {
        Color traffic = cluster.traffic();
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
        return first(
                () -> trafficBesideTheState(persisted.state(), cluster),
                () -> desiredSpecUnsettled(persisted, cluster, refuseFromFailing));
    }

    private static Breach trafficBesideTheState(BlueGreenState state, SimulatedCluster cluster) {
        Color x = state.namedColor();
        if (trafficMatches(state, cluster)) {
            return null;
        }
        return new Breach(
                Invariant.CONVERGENCE,
                String.format(
                        "resting in %s but traffic points at %s and %s is %s",
                        state, cluster.traffic(), x, cluster.child(x).observe()));
    }

    /**
     * Whether the desired spec is applied, reported failed, never deployed while initializing, or
     * refused because the serving child fails.
     */
    private static boolean settled(
            TransitionRecord persisted, DesiredSpec desired, boolean refuseFromFailing) {
        BlueGreenState.Role role = persisted.state().role();
        return !desired.change().touchesChild()
                || desired.ref().equals(persisted.failedSpecRef())
                || role == BlueGreenState.Role.INITIALIZING
                || (role == BlueGreenState.Role.FAILING && refuseFromFailing);
    }

    /** ACTIVE_X: traffic on a present X; FAILING_X: the same, or traffic never switched. */
    private static boolean trafficMatches(BlueGreenState state, SimulatedCluster cluster) {
        Color x = state.namedColor();
        return switch (state.role()) {
            case ACTIVE -> cluster.traffic() == x && cluster.child(x).present();
            case FAILING ->
                    cluster.traffic() == null
                            || (cluster.traffic() == x && cluster.child(x).present());
            default -> true;
        };
    }

    private static Breach desiredSpecUnsettled(
            TransitionRecord persisted, SimulatedCluster cluster, boolean refuseFromFailing) {
        BlueGreenState state = persisted.state();
        DesiredSpec desired = cluster.specs().desired(persisted.stableSpecRef());
        if (settled(persisted, desired, refuseFromFailing)) {
            return null;
        }
        return new Breach(
                Invariant.CONVERGENCE,
                String.format(
                        "resting in %s with the desired spec %s neither applied nor reported"
                                + " failed: %s; blue %s; green %s",
                        state,
                        desired,
                        persisted,
                        cluster.child(Color.BLUE).observe(),
                        cluster.child(Color.GREEN).observe()));
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
