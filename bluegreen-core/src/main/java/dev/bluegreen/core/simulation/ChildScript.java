package dev.bluegreen.core.simulation;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A script of how one fake child FlinkDeployment behaves in a {@link TransitionSimulator}: how fast
 * the fake upstream operator reconciles a new spec generation, how long each job run takes to
 * become stable, when runs fail, what happens to savepoints taken of it and how long its deletion
 * takes. Immutable and thread-safe; derive variants with the {@code with}/{@code failing}/{@code
 * savepoint} methods.
 *
 * @param reconcileDelay time from a spec write until the fake upstream operator observes the new
 *     generation and starts a new job run (lifecycle DEPLOYED, job RECONCILING); default 2 s
 * @param startup time from the start of a run until it is STABLE and RUNNING, or {@code null} if
 *     runs never become ready
 * @param failAfter time from the start of a run until it fails (lifecycle FAILED, job FAILED), or
 *     {@code null} if runs do not fail on their own
 * @param failAtStep the simulation step (1-based) at which the current run fails, or {@code 0} for
 *     never
 * @param savepoint what happens to a savepoint taken of this child; default {@link
 *     SavepointOutcome#COMPLETES}
 * @param savepointDuration time from the savepoint request to its final state (plus the reconcile
 *     delay); ignored for {@link SavepointOutcome#HANGS}; also how much longer than the reconcile
 *     delay a suspension keeps a running job running (a stop-with-savepoint, which always
 *     completes); default 10 s
 * @param deletion time from a delete request until the child is gone; default 5 s
 * @param restartsAt when each job run restarts in place, as offsets from the run's start (Flink's
 *     job restart: same job id and start time, {@code numRestarts} one higher; modelled as
 *     instantaneous, the job stays RUNNING); empty (default) for none
 * @param backlogRecords the source backlog a run reports ({@link
 *     dev.bluegreen.core.HealthFacts#lagRecords()}), or {@code null} (default) for unknown
 */
public record ChildScript(
        Duration reconcileDelay,
        Duration startup,
        Duration failAfter,
        int failAtStep,
        SavepointOutcome savepoint,
        Duration savepointDuration,
        Duration deletion,
        List<Duration> restartsAt,
        Long backlogRecords) {

    /** What happens to a savepoint of a child. */
    public enum SavepointOutcome {
        /** COMPLETED with a path after the savepoint duration. */
        COMPLETES,
        /** FAILED with an error after the savepoint duration. */
        FAILS,
        /** IN_PROGRESS forever. */
        HANGS
    }

    private static final Duration DEFAULT_RECONCILE_DELAY = Duration.ofSeconds(2);
    private static final Duration DEFAULT_STARTUP = Duration.ofSeconds(20);

    public ChildScript {
        requireNotNegative(reconcileDelay, "reconcileDelay");
        if (startup != null) {
            requireNotNegative(startup, "startup");
        }
        if (failAfter != null) {
            requireNotNegative(failAfter, "failAfter");
        }
        if (failAtStep < 0) {
            throw new IllegalArgumentException("failAtStep must not be negative: " + failAtStep);
        }
        Objects.requireNonNull(savepoint, "savepoint == null");
        requireNotNegative(savepointDuration, "savepointDuration");
        requireNotNegative(deletion, "deletion");
        restartsAt = List.copyOf(restartsAt);
        restartsAt.forEach(d -> requireNotNegative(d, "restartsAt"));
        if (backlogRecords != null && backlogRecords < 0) {
            throw new IllegalArgumentException(
                    "backlogRecords must not be negative: " + backlogRecords);
        }
    }

    /** A script with no restarts and an unknown backlog; see the canonical constructor. */
    public ChildScript(
            Duration reconcileDelay,
            Duration startup,
            Duration failAfter,
            int failAtStep,
            SavepointOutcome savepoint,
            Duration savepointDuration,
            Duration deletion) {
        this(
                reconcileDelay,
                startup,
                failAfter,
                failAtStep,
                savepoint,
                savepointDuration,
                deletion,
                List.of(),
                null);
    }

    private static void requireNotNegative(Duration d, String name) {
        Objects.requireNonNull(d, name + " == null");
        if (d.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + d);
        }
    }

    /**
     * A healthy child: each run is stable and running {@code startup} after the upstream operator
     * observed its spec; savepoints complete after 10 s; deletion takes 5 s.
     */
    public static ChildScript readyAfter(Duration startup) {
        Objects.requireNonNull(startup, "startup == null");
        return new ChildScript(
                DEFAULT_RECONCILE_DELAY,
                startup,
                null,
                0,
                SavepointOutcome.COMPLETES,
                Duration.ofSeconds(10),
                Duration.ofSeconds(5));
    }

    /** A child whose runs stay DEPLOYED and RECONCILING forever (never stable, never failing). */
    public static ChildScript neverReady() {
        return readyAfter(DEFAULT_STARTUP).withStartup(null);
    }

    /** This script with another startup time ({@code null}: never ready). */
    public ChildScript withStartup(Duration value) {
        return new ChildScript(
                reconcileDelay,
                value,
                failAfter,
                failAtStep,
                savepoint,
                savepointDuration,
                deletion,
                restartsAt,
                backlogRecords);
    }

    /** This script with another reconcile delay of the fake upstream operator. */
    public ChildScript withReconcileDelay(Duration value) {
        return new ChildScript(
                value,
                startup,
                failAfter,
                failAtStep,
                savepoint,
                savepointDuration,
                deletion,
                restartsAt,
                backlogRecords);
    }

    /** This script where every run fails {@code after} its start (a crash-looping version). */
    public ChildScript failingEveryRunAfter(Duration after) {
        Objects.requireNonNull(after, "after == null");
        return new ChildScript(
                reconcileDelay,
                startup,
                after,
                failAtStep,
                savepoint,
                savepointDuration,
                deletion,
                restartsAt,
                backlogRecords);
    }

    /** This script where the run current at simulation step {@code step} (1-based) fails then. */
    public ChildScript failingAtStep(int step) {
        if (step < 1) {
            throw new IllegalArgumentException("step must be at least 1: " + step);
        }
        return new ChildScript(
                reconcileDelay,
                startup,
                failAfter,
                step,
                savepoint,
                savepointDuration,
                deletion,
                restartsAt,
                backlogRecords);
    }

    /** This script where savepoints complete {@code after} the request (plus reconcile delay). */
    public ChildScript savepointCompletesAfter(Duration after) {
        return withSavepoint(SavepointOutcome.COMPLETES, after);
    }

    /** This script where savepoints fail (after the current savepoint duration). */
    public ChildScript savepointFails() {
        return withSavepoint(SavepointOutcome.FAILS, savepointDuration);
    }

    /** This script where savepoints stay IN_PROGRESS forever. */
    public ChildScript savepointHangs() {
        return withSavepoint(SavepointOutcome.HANGS, savepointDuration);
    }

    private ChildScript withSavepoint(SavepointOutcome outcome, Duration duration) {
        return new ChildScript(
                reconcileDelay,
                startup,
                failAfter,
                failAtStep,
                outcome,
                duration,
                deletion,
                restartsAt,
                backlogRecords);
    }

    /** This script where a deletion takes {@code value} until the child is gone. */
    public ChildScript deletionTakes(Duration value) {
        return new ChildScript(
                reconcileDelay,
                startup,
                failAfter,
                failAtStep,
                savepoint,
                savepointDuration,
                value,
                restartsAt,
                backlogRecords);
    }

    /**
     * This script where every job run restarts in place at each of {@code offsets} after its start
     * (replacing earlier restarts): the run keeps its job id, start time and state, and the
     * restarts it reports ({@link dev.bluegreen.core.HealthFacts#restarts()}) go up by one each
     * time. Without this every run reports 0 restarts.
     */
    public ChildScript restartingAt(Duration... offsets) {
        return new ChildScript(
                reconcileDelay,
                startup,
                failAfter,
                failAtStep,
                savepoint,
                savepointDuration,
                deletion,
                List.of(offsets),
                backlogRecords);
    }

    /**
     * This script where every job run reports a source backlog of {@code records} ({@code null}:
     * unknown, the default).
     */
    public ChildScript withBacklog(Long records) {
        return new ChildScript(
                reconcileDelay,
                startup,
                failAfter,
                failAtStep,
                savepoint,
                savepointDuration,
                deletion,
                restartsAt,
                records);
    }

    /**
     * This script with every misbehaviour removed: runs become ready (after the current startup, or
     * 20 s if none), never fail or restart, and savepoints complete. Used to check convergence.
     */
    public ChildScript behaving() {
        return new ChildScript(
                reconcileDelay,
                startup == null ? DEFAULT_STARTUP : startup,
                null,
                0,
                SavepointOutcome.COMPLETES,
                savepointDuration,
                deletion,
                List.of(),
                backlogRecords);
    }
}
