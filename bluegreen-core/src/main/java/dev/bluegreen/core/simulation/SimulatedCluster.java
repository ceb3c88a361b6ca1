package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Commands;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Retention;
import dev.bluegreen.core.SnapshotObservation;
import dev.bluegreen.core.TransitionRecord;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulated world of one blue/green deployment: both fake children, the hand-over snapshots by
 * name, the traffic pointer, the user's desired spec and manual commands. It executes {@link
 * Action}s as the operator plugin would, idempotently: repeating an action is harmless. Not
 * thread-safe.
 */
final class SimulatedCluster {
    private final SpecCatalog specs = new SpecCatalog();
    private final FakeChild blue;
    private final FakeChild green;
    private final FakeGate gate;
    private final Retention retention;
    private final FakeAnalysis analysis;
    private final Map<String, FakeSnapshot> snapshots = new LinkedHashMap<>();
    private Color traffic;
    private Commands commands = Commands.none();
    private int tokens;

    /** A cluster; {@code gateScript} is {@code null} in BASIC mode (no gate is observed). */
    SimulatedCluster(ChildScript blueScript, ChildScript greenScript, GateScript gateScript) {
        this(blueScript, greenScript, gateScript, Retention.DELETE, new FakeAnalysis(null, null));
    }

    /**
     * A cluster for a policy with {@code retention}: under {@link Retention#SUSPEND_THEN_DELETE}
     * the children have transactional sinks, so deleting a child whose job runs would lose its open
     * transaction ({@link Invariant#SAVEPOINT_BEFORE_DELETE}); under {@link Retention#KEEP_RUNNING}
     * and {@link Retention#SUSPEND} a child abandoned by a rollback is kept ({@link
     * Invariant#ABANDONED_CHILD_KEPT}). {@code analysis} reports the analysis verdicts.
     */
    SimulatedCluster(
            ChildScript blueScript,
            ChildScript greenScript,
            GateScript gateScript,
            Retention retention,
            FakeAnalysis analysis) {
        blue = new FakeChild(Color.BLUE, blueScript);
        green = new FakeChild(Color.GREEN, greenScript);
        gate = gateScript == null ? null : new FakeGate(gateScript);
        this.retention = retention;
        this.analysis = analysis;
    }

    /** The simulated analysis checks. */
    FakeAnalysis analysis() {
        return analysis;
    }

    /** The retention of the simulated policy. */
    Retention retention() {
        return retention;
    }

    /** Whether a child whose job runs must be stopped with a savepoint before it is deleted. */
    boolean savepointBeforeDelete() {
        return retention == Retention.SUSPEND_THEN_DELETE;
    }

    /** The record-level gate, or {@code null} in BASIC mode. */
    FakeGate gate() {
        return gate;
    }

    SpecCatalog specs() {
        return specs;
    }

    FakeChild child(Color color) {
        return color == Color.BLUE ? blue : green;
    }

    /** The colour the parent ingress points at, or {@code null} before the first switch. */
    Color traffic() {
        return traffic;
    }

    Commands commands() {
        return commands;
    }

    /** Issues a new promote token and returns it. */
    String promote() {
        String token = "promote-" + (++tokens);
        commands = new Commands(token, commands.abort(), commands.paused());
        return token;
    }

    /** Issues a new abort token and returns it. */
    String abort() {
        String token = "abort-" + (++tokens);
        commands = new Commands(commands.promote(), token, commands.paused());
        return token;
    }

    void paused(boolean value) {
        commands = new Commands(commands.promote(), commands.abort(), value);
    }

    /**
     * Lets the fake upstream operator, the snapshots and the gate (following the engine's wish in
     * {@code record}) progress up to {@code now}.
     */
    void progress(Instant now, TransitionRecord record, List<String> events) {
        blue.progress(now, events);
        green.progress(now, events);
        snapshots.values().forEach(s -> s.progress(now, events));
        if (gate != null) {
            gate.follow(now, record.outputOwner(), this, events);
        }
        analysis.progress(record, commands, now, events);
    }

    /** When the next scripted change of any child or snapshot happens, or {@code null}. */
    Instant nextEventAt() {
        Instant next = earliest(blue.nextEventAt(), green.nextEventAt());
        if (gate != null) {
            next = earliest(next, gate.nextEventAt());
        }
        for (FakeSnapshot s : snapshots.values()) {
            next = earliest(next, s.nextEventAt());
        }
        return next;
    }

    /**
     * When the next scripted change happens, including the analysis verdict of {@code record}'s
     * open window (after {@code now}), or {@code null}.
     */
    Instant nextEventAt(TransitionRecord record, Instant now) {
        return earliest(nextEventAt(), analysis.nextEventAt(record, now));
    }

    private static Instant earliest(Instant a, Instant b) {
        if (a == null) {
            return b;
        }
        return b == null || a.isBefore(b) ? a : b;
    }

    /** What the plugin would observe for {@code record} at {@code now}. */
    Observation observe(TransitionRecord record, Instant now) {
        var observation =
                new Observation(
                        specs.desired(record.stableSpecRef()),
                        blue.observe(),
                        green.observe(),
                        snapshot(record),
                        commands,
                        now);
        observation = observation.withAnalysis(analysis.observe(record, now));
        return gate == null ? observation : observation.withGate(gate.observe());
    }

    /** The record's savepoint as observed, or {@code null} without one (or when unknown). */
    private SnapshotObservation snapshot(TransitionRecord record) {
        if (record.savepoint() == null) {
            return null;
        }
        FakeSnapshot s = snapshots.get(record.savepoint().snapshotName());
        return s == null ? null : s.observe();
    }

    /**
     * Executes one action at {@code now}, as the plugin would; returns whether it changed anything.
     */
    boolean execute(Action action, Instant now) {
        if (action instanceof Action.DeployChild d) {
            return child(d.color()).write(d.specRef(), specs.suspended(d.specRef()), now);
        } else if (action instanceof Action.PatchChild p) {
            FakeChild child = child(p.color());
            return child.present() && child.write(p.specRef(), specs.suspended(p.specRef()), now);
        } else if (action instanceof Action.SuspendChild s) {
            return child(s.color()).suspend(now);
        } else if (action instanceof Action.DeleteChild d) {
            return child(d.color()).delete(now, false);
        } else if (action instanceof Action.TakeSavepoint t) {
            return takeSavepoint(t, now);
        } else if (action instanceof Action.SwitchTraffic s) {
            return switchTraffic(s.color());
        }
        throw new IllegalArgumentException("unknown action: " + action);
    }

    private boolean switchTraffic(Color color) {
        boolean changed = traffic != color;
        traffic = color;
        return changed;
    }

    private boolean takeSavepoint(Action.TakeSavepoint t, Instant now) {
        if (snapshots.containsKey(t.snapshotName())) {
            return false;
        }
        snapshots.put(
                t.snapshotName(),
                new FakeSnapshot(t.snapshotName(), child(t.color()), t.jobId(), now));
        return true;
    }
}
