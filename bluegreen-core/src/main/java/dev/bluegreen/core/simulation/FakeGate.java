package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Color;
import dev.bluegreen.core.GateObservation;

import java.time.Instant;
import java.util.List;

/**
 * The record-level gate and the plugin's coordinator of a {@link TransitionSimulator}, reduced to
 * what the engine observes: the committed owner of the output tail (blue before any cutover), which
 * follows the engine's wish ({@code outputOwner} of the persisted record) after the script's commit
 * delay, while the wished colour is stable and running; and the drain of the colour that lost the
 * output in the newest commit. A colour that never owned the output, or whose child is gone since,
 * has nothing to drain. Not thread-safe.
 */
final class FakeGate {
    private GateScript script;
    private Color owner = Color.BLUE;
    private Color wanted;
    private Instant commitAt;
    private Color formerOwner;
    private Instant drainedAt;
    private boolean formerDrained;

    FakeGate(GateScript script) {
        this.script = script;
    }

    /** Replaces the script; a pending commit or drain that would never happen is rescheduled. */
    void script(GateScript value, Instant now) {
        script = value;
        if (formerOwner != null
                && !formerDrained
                && drainedAt == null
                && value.drainDelay() != null) {
            drainedAt = now.plus(value.drainDelay());
        }
        commitAt = null;
    }

    GateScript script() {
        return script;
    }

    /**
     * Lets the gate progress up to {@code now} for the engine's wish {@code wish} ({@code null}:
     * none) and the children as they are; describes each change.
     */
    void follow(Instant now, Color wish, SimulatedCluster cluster, List<String> events) {
        followDrain(now, cluster, events);
        followCommit(now, wish, cluster, events);
    }

    /** Forgets a former owner deleted meanwhile; marks it drained once its drain time came. */
    private void followDrain(Instant now, SimulatedCluster cluster, List<String> events) {
        if (formerOwner != null && !cluster.child(formerOwner).exists()) {
            formerOwner = null;
            drainedAt = null;
        }
        if (drainedAt != null && !drainedAt.isAfter(now)) {
            formerDrained = true;
            drainedAt = null;
            events.add("gate: " + formerOwner.lowerCase() + " drained");
        }
    }

    /** Arms a commit for the wished colour once it runs; commits when the commit time came. */
    private void followCommit(
            Instant now, Color wish, SimulatedCluster cluster, List<String> events) {
        if (wish != wanted) {
            wanted = wish;
            commitAt = null;
        }
        if (wanted == null || wanted == owner) {
            commitAt = null;
            return;
        }
        armCommit(now, cluster.child(wanted).observe().stableAndRunning());
        if (commitAt != null && !commitAt.isAfter(now)) {
            commit(now, events);
        }
    }

    /** Schedules the commit once the wished colour runs ({@code ready}); unschedules it if not. */
    private void armCommit(Instant now, boolean ready) {
        if (!ready) {
            // the wished colour cannot arm: the proposal waits for it
            commitAt = null;
        } else if (commitAt == null && script.commitDelay() != null) {
            commitAt = now.plus(script.commitDelay());
        }
    }

    private void commit(Instant now, List<String> events) {
        formerOwner = owner;
        owner = wanted;
        commitAt = null;
        drainedAt = script.drainDelay() == null ? null : now.plus(script.drainDelay());
        formerDrained = false;
        events.add("gate: cutover to " + owner.lowerCase() + " committed");
    }

    /** When the next scripted change happens, or {@code null}. */
    Instant nextEventAt() {
        if (commitAt == null) {
            return drainedAt;
        }
        return drainedAt == null || commitAt.isBefore(drainedAt) ? commitAt : drainedAt;
    }

    Color owner() {
        return owner;
    }

    /** Whether {@code color} owes no more output. */
    boolean drained(Color color) {
        return color != owner && !owesDrain(color);
    }

    /** Whether {@code color} lost the output in the newest commit and has not drained yet. */
    boolean owesDrain(Color color) {
        return color == formerOwner && !formerDrained;
    }

    GateObservation observe() {
        String detail = commitAt == null ? "" : "cutover to " + wanted.lowerCase() + " proposed";
        return new GateObservation(owner, drained(Color.BLUE), drained(Color.GREEN), detail);
    }
}
