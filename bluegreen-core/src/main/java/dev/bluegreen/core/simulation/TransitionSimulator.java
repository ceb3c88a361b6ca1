package dev.bluegreen.core.simulation;

import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.FailingSource;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.TransitionEngine;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.core.analysis.AnalysisStage;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * A test harness that runs a transition policy (the engine, or any decision function) against a
 * simulated cluster: two scripted fake children, hand-over snapshots, a traffic pointer, the user's
 * spec and commands, and a virtual clock. Every step checks the {@link Invariant}s and throws
 * {@link InvariantViolation} with the seed and the trace when one breaks.
 *
 * <pre>{@code
 * var sim = TransitionSimulator.builder().policy(myPolicy).build();
 * sim.deploy().runUntilResting();
 * var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();
 * assertThat(result.trafficColor()).contains(Color.GREEN);
 * }</pre>
 *
 * <p>One step: advance the clock to the earliest of the requeue time the last plan asked for, the
 * next scripted change of a child or snapshot, and the resync cap ({@link Builder#maxStep}); or do
 * not advance it if the user acted since the last step. Then let the fake upstream operator
 * progress, build the {@link Observation}, decide, execute the actions, persist the record (or
 * crash before it), check the invariants and append a {@link TraceLine}. Not thread-safe.
 */
public final class TransitionSimulator {
    /** {@link #runUntilRestingAbortingHolds()}: the most aborts of the holds of one change. */
    public static final int MAX_HOLD_ABORTS = 3;

    /** {@link #runUntilRestingAbortingHolds()}: the steps from a change's first abort to rest. */
    public static final int ABORTED_HOLD_STEPS = 400;

    private final SimulatedCluster cluster;
    private final SimulatedController controller;

    private TransitionSimulator(Builder b) {
        TransitionPolicy policy = b.policy;
        cluster =
                new SimulatedCluster(
                        b.blue,
                        b.green,
                        policy.gatedHandover() ? b.gate : null,
                        policy.retention(),
                        new FakeAnalysis(b.prePromotion, b.postPromotion));
        controller = new SimulatedController(b.seed, b.start, b.maxStep, deciders(b), cluster);
        controller.convergence(
                b.convergenceSteps,
                b.convergenceTime,
                policy.failingSource() == FailingSource.REFUSE);
    }

    /** The scripted deciders, or a new engine for the builder's policy after each restart. */
    private static Supplier<? extends BiFunction<TransitionRecord, Observation, Plan>> deciders(
            Builder b) {
        TransitionPolicy policy = b.policy;
        if (b.deciders != null) {
            return b.deciders;
        }
        return () -> new TransitionEngine(policy)::decide;
    }

    /** A builder with the defaults documented on its methods. */
    public static Builder builder() {
        return new Builder();
    }

    /** Writes the first desired spec {@code v0}: running, stateful. */
    public TransitionSimulator deploy() {
        return deploy(false, false);
    }

    /**
     * Writes the first desired spec {@code v0}.
     *
     * @param suspended whether it asks for a suspended job
     * @param stateless whether its upgrade mode is STATELESS
     * @throws IllegalStateException if a spec was already deployed
     */
    public TransitionSimulator deploy(boolean suspended, boolean stateless) {
        return userAction("deploy " + cluster.specs().deploy(suspended, stateless));
    }

    /**
     * Changes the desired spec so that it differs from the current one by {@code kind}, keeping the
     * upgrade mode (see {@link #changeSpec(ChangeKind, boolean)}).
     */
    public TransitionSimulator changeSpec(ChangeKind kind) {
        return changeSpec(kind, cluster.specs().desired(null).stateless());
    }

    /**
     * Changes the desired spec so that it differs from the current one by {@code kind}: SUSPEND and
     * RESUME flip its suspended flag (ref {@code v<n>-suspended} / {@code v<n>}), any other kind
     * creates the next version {@code v<n+1>}. How the engine sees the change against the stable
     * spec is documented on the package-private spec model: the highest kind between the two
     * versions, SUSPEND/RESUME if the suspended flags differ, TRANSITION if no stable spec.
     *
     * @param stateless the upgrade mode of a new version (ignored for SUSPEND and RESUME)
     * @throws IllegalStateException before {@link #deploy()}
     */
    public TransitionSimulator changeSpec(ChangeKind kind, boolean stateless) {
        Objects.requireNonNull(kind, "kind == null");
        return userAction("changeSpec " + kind + " -> " + cluster.specs().change(kind, stateless));
    }

    /** Issues a new promote command token. */
    public TransitionSimulator promote() {
        return userAction("promote " + cluster.promote());
    }

    /** Issues a new abort command token. */
    public TransitionSimulator abort() {
        return userAction("abort " + cluster.abort());
    }

    /** Sets or lifts the pause command. */
    public TransitionSimulator paused(boolean value) {
        cluster.paused(value);
        return userAction(value ? "pause" : "unpause");
    }

    /** Deletes the child of {@code color} by hand (no-op if absent or already terminating). */
    public TransitionSimulator deleteByHand(Color color) {
        boolean deleted = cluster.child(color).delete(now(), true);
        return userAction("delete " + color + " by hand" + (deleted ? "" : " (no-op)"));
    }

    /** Fails the current job run of the child of {@code color}, if it has one. */
    public TransitionSimulator failJob(Color color) {
        boolean failed = cluster.child(color).failRun();
        return userAction("fail job of " + color + (failed ? "" : " (no-op)"));
    }

    /**
     * Replaces the script of the child of {@code color}. It applies to the next runs, savepoints
     * and deletions, and to the current run from now on: a run still starting that was never going
     * to be ready becomes ready after the new startup time; a pending scripted failure is dropped
     * if the new script has none.
     */
    public TransitionSimulator script(Color color, ChildScript script) {
        cluster.child(color).script(Objects.requireNonNull(script, "script == null"), now());
        return userAction("script of " + color + " replaced");
    }

    /**
     * Replaces the analysis script of {@code stage} for the runs that have not concluded yet (a
     * concluded verdict stays for the rest of its run); {@code null} removes the stage's checks.
     */
    public TransitionSimulator analysis(AnalysisStage stage, AnalysisScript script) {
        cluster.analysis().script(Objects.requireNonNull(stage, "stage == null"), script);
        return userAction("analysis script of " + stage.field() + " replaced");
    }

    /**
     * Makes both children behave from now on ({@link ChildScript#behaving()}), including runs still
     * starting (see {@link #script(Color, ChildScript)}); a failed run stays failed. In ADVANCED
     * mode the gate behaves too ({@link GateScript#behaving()}), and analysis checks that never
     * conclude pass ({@link AnalysisScript#behaving()}).
     */
    public TransitionSimulator childrenBehave() {
        for (Color color : Color.values()) {
            cluster.child(color).script(cluster.child(color).script().behaving(), now());
        }
        if (cluster.gate() != null) {
            cluster.gate().script(cluster.gate().script().behaving(), now());
        }
        cluster.analysis().behave();
        return userAction("children behave");
    }

    /**
     * Restarts the controller: the decision function is rebuilt, only the persisted record
     * survives, and the next step reconciles at once.
     */
    public TransitionSimulator restartController() {
        controller.restart();
        return this;
    }

    /**
     * Makes the controller crash in the next step after executing the plan's actions but before
     * persisting its record; it restarts at once (see {@link #restartController()}).
     */
    public TransitionSimulator crashBeforePersistingNextRecord() {
        controller.crashAfterNextActions();
        return this;
    }

    private TransitionSimulator userAction(String description) {
        controller.userAction(description);
        return this;
    }

    /**
     * Runs one step (see the class comment) and returns its trace line.
     *
     * @throws InvariantViolation if an invariant breaks in this step
     * @throws IllegalStateException before {@link #deploy()}
     */
    public TraceLine step() {
        if (!cluster.specs().deployed()) {
            throw new IllegalStateException("deploy() the first spec before running");
        }
        return controller.step();
    }

    /**
     * Runs steps until {@code duration} of virtual time has passed, then sets the clock to the end.
     *
     * @throws InvariantViolation if an invariant breaks
     */
    public SimulationResult runFor(Duration duration) {
        Instant end = now().plus(Objects.requireNonNull(duration, "duration == null"));
        while (!controller.nextStepTime().isAfter(end)) {
            step();
        }
        controller.idleUntil(end);
        return result();
    }

    /**
     * Runs steps until the deployment rests ({@link #resting()}). At least one step is run.
     *
     * @throws InvariantViolation if an invariant breaks, or ({@link Invariant#CONVERGENCE}) if the
     *     deployment does not rest within the convergence bounds, or rests inconsistently
     */
    public SimulationResult runUntilResting() {
        if (!cluster.specs().deployed()) {
            throw new IllegalStateException("deploy() the first spec before running");
        }
        controller.runUntilResting();
        return result();
    }

    /**
     * Runs steps until the deployment rests like {@link #runUntilResting()}, but answers every plan
     * that holds for the user ({@link dev.bluegreen.core.Reason#holdsForUser()}) with a new abort
     * and does nothing else: the check of {@link Invariant#ABORT_ENDS_HOLD} (per change, at most
     * {@link #MAX_HOLD_ABORTS} aborts, resting within {@link #ABORTED_HOLD_STEPS} steps of the
     * first).
     *
     * @throws InvariantViolation if an invariant breaks, the deployment does not rest, or a hold
     *     does not end under aborts
     */
    public SimulationResult runUntilRestingAbortingHolds() {
        if (!cluster.specs().deployed()) {
            throw new IllegalStateException("deploy() the first spec before running");
        }
        controller.runUntilRestingAbortingHolds(MAX_HOLD_ABORTS, ABORTED_HOLD_STEPS);
        return result();
    }

    /**
     * Whether the deployment rests: the last step stayed in a resting state, persisted its record
     * and changed nothing, no input changed since, and no child or snapshot change is pending.
     */
    public boolean resting() {
        return controller.resting();
    }

    /** The outcome so far. */
    public SimulationResult result() {
        return new SimulationResult(
                controller.persisted(),
                controller.now(),
                cluster.specs().currentRef(),
                cluster.traffic(),
                cluster.child(Color.BLUE).observe(),
                cluster.child(Color.GREEN).observe(),
                controller.trace());
    }

    /** The current virtual time. */
    public Instant now() {
        return controller.now();
    }

    /** The persisted record. */
    public TransitionRecord record() {
        return controller.persisted();
    }

    /**
     * A mutable builder of {@link TransitionSimulator}; not thread-safe. Its options and their
     * defaults: {@code policy}, {@code seed}, {@code blue}, {@code green}, {@code decider}, {@code
     * start}, {@code maxStep}, {@code convergenceBound}, {@code prePromotion} and {@code
     * postPromotion}.
     */
    public static final class Builder extends SimulatorOptions<Builder> {
        private Builder() {}

        @Override
        Builder self() {
            return this;
        }

        /** The simulator; nothing is deployed yet. */
        public TransitionSimulator build() {
            return new TransitionSimulator(this);
        }
    }
}
