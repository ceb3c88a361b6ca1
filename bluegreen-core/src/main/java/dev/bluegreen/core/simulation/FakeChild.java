package dev.bluegreen.core.simulation;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;

import java.time.Instant;
import java.util.List;

/**
 * A fake child FlinkDeployment together with the fake upstream operator that reconciles it, driven
 * by a {@link ChildScript}. Spec writes bump the generation only when the written spec ({@code
 * specRef} and suspended flag) differs; {@code status.observedGeneration} lags until the script's
 * reconcile delay has passed, then a new job run starts (a new job id per run). A suspension of a
 * running job is a stop-with-savepoint: the job keeps running, at the previous generation, for the
 * script's savepoint duration after the reconcile delay too. Writes to a terminating child are
 * ignored, as it disappears anyway. Not thread-safe.
 */
final class FakeChild {
    private final Color color;
    private ChildScript script;
    private boolean exists;
    private boolean terminating;
    private boolean deletedByHand;
    private String specRef;
    private boolean suspendedBySpec;
    private long generation;
    private long observedGeneration;
    private Lifecycle lifecycle = Lifecycle.UNKNOWN;
    private JobState jobState = JobState.UNKNOWN;
    private String jobId;
    private Instant jobStartTime;
    private int runs;
    private Instant writtenAt;
    private Instant goneAt;
    private Instant stableAt;
    private Instant failAt;
    private final RunHealth health = new RunHealth();

    FakeChild(Color color, ChildScript script) {
        this.color = color;
        this.script = script;
    }

    /**
     * Replaces the script. The current run follows it from {@code now} on: a run still starting
     * that was never going to be ready becomes ready after the new startup time, and a pending
     * scripted failure is dropped if the new script has none.
     */
    void script(ChildScript value, Instant now) {
        script = value;
        boolean starting =
                present() && generation == observedGeneration && jobState == JobState.RECONCILING;
        if (starting && stableAt == null && value.startup() != null) {
            stableAt = now.plus(value.startup());
        }
        if (value.failAfter() == null) {
            failAt = null;
        }
        health.reschedule(value.restartsAt(), now);
    }

    ChildScript script() {
        return script;
    }

    /** Writes the spec {@code ref} (creating the child if absent); returns whether it changed. */
    boolean write(String ref, boolean suspended, Instant now) {
        if (terminating) {
            return false;
        }
        if (!exists) {
            create();
        } else if (ref.equals(specRef) && suspended == suspendedBySpec) {
            return false;
        }
        specRef = ref;
        suspendedBySpec = suspended;
        generation++;
        writtenAt = now;
        return true;
    }

    private void create() {
        exists = true;
        deletedByHand = false;
        generation = 0;
        observedGeneration = 0;
        lifecycle = Lifecycle.CREATED;
        jobState = JobState.UNKNOWN;
        health.clear();
    }

    /** Sets {@code job.state: suspended} if present; returns whether it changed. */
    boolean suspend(Instant now) {
        return present() && write(specRef, true, now);
    }

    /** Requests deletion; returns whether a deletion started. */
    boolean delete(Instant now, boolean byHand) {
        if (!present()) {
            return false;
        }
        terminating = true;
        deletedByHand = byHand;
        lifecycle = Lifecycle.DELETING;
        goneAt = now.plus(script.deletion());
        stableAt = null;
        failAt = null;
        return true;
    }

    /** Fails the current job run, if there is one; returns whether it failed. */
    boolean failRun() {
        if (!present() || jobId == null || suspendedBySpec || jobState.isFailure()) {
            return false;
        }
        lifecycle = Lifecycle.FAILED;
        jobState = JobState.FAILED;
        stableAt = null;
        failAt = null;
        return true;
    }

    /** Applies every scripted change up to {@code now}, in time order, describing each. */
    void progress(Instant now, List<String> events) {
        for (Instant next = nextEventAt(); next != null && !next.isAfter(now); ) {
            events.add(color.lowerCase() + ": " + applyEventAt(next));
            next = nextEventAt();
        }
    }

    /** When the next scripted change happens, or {@code null} if none is pending. */
    Instant nextEventAt() {
        if (!exists) {
            return null;
        }
        if (terminating) {
            return goneAt;
        }
        Instant next = generation > observedGeneration ? reconcileAt() : null;
        next = earliest(next, stableAt);
        next = earliest(next, jobState.isFailure() ? null : health.nextRestartAt());
        return earliest(next, failAt);
    }

    private Instant reconcileAt() {
        Instant at = writtenAt.plus(script.reconcileDelay());
        // Stop-with-savepoint: upstream takes the savepoint before the job stops, so a running job
        // keeps running (and the generation stays unobserved) for the savepoint's duration too.
        return stoppingWithSavepoint() ? at.plus(script.savepointDuration()) : at;
    }

    /** Whether a written suspension is pending on a running job, which must take a savepoint. */
    private boolean stoppingWithSavepoint() {
        return suspendedBySpec && jobState == JobState.RUNNING;
    }

    private static Instant earliest(Instant a, Instant b) {
        if (a == null) {
            return b;
        }
        return b == null || a.isBefore(b) ? a : b;
    }

    private String applyEventAt(Instant t) {
        if (terminating) {
            clear();
            return "gone";
        }
        if (generation > observedGeneration && !reconcileAt().isAfter(t)) {
            return observeGeneration(t);
        }
        if (failAt != null && !failAt.isAfter(t)) {
            return scriptedFailure();
        }
        if (stableAt == null || stableAt.isAfter(t)) {
            return "run " + jobId + " restarted (" + health.restartAt(t) + " restarts)";
        }
        return becomeStable(t);
    }

    private String scriptedFailure() {
        // The scripted failure is consumed even when it cannot apply (the spec was rewritten
        // to suspend the run): a failure left pending at a past instant would be the next
        // event for ever, and progress would never return.
        failAt = null;
        return failRun()
                ? "run " + jobId + " failed"
                : "scripted failure of run " + jobId + " dropped (spec suspended)";
    }

    private String becomeStable(Instant t) {
        stableAt = null;
        lifecycle = Lifecycle.STABLE;
        jobState = JobState.RUNNING;
        health.runStable(t, jobId);
        return "run " + jobId + " stable and running";
    }

    private String observeGeneration(Instant t) {
        boolean savepointTaken = stoppingWithSavepoint();
        observedGeneration = generation;
        if (suspendedBySpec) {
            lifecycle = Lifecycle.SUSPENDED;
            jobState = JobState.SUSPENDED;
            stableAt = null;
            failAt = null;
            health.runStopped();
            return "generation "
                    + generation
                    + " observed, suspended"
                    + (savepointTaken ? " (stopped with a savepoint)" : "");
        }
        return startRun(t);
    }

    private String startRun(Instant t) {
        runs++;
        jobId = color.lowerCase() + "-run-" + runs;
        jobStartTime = t;
        lifecycle = Lifecycle.DEPLOYED;
        jobState = JobState.RECONCILING;
        stableAt = script.startup() == null ? null : t.plus(script.startup());
        failAt = script.failAfter() == null ? null : t.plus(script.failAfter());
        health.runStarted(t, script.restartsAt());
        return "generation " + generation + " observed, run " + jobId + " started";
    }

    private void clear() {
        exists = false;
        terminating = false;
        specRef = null;
        suspendedBySpec = false;
        generation = 0;
        observedGeneration = 0;
        goneAt = null;
        clearRun();
    }

    private void clearRun() {
        lifecycle = Lifecycle.UNKNOWN;
        jobState = JobState.UNKNOWN;
        jobId = null;
        jobStartTime = null;
        stableAt = null;
        failAt = null;
        health.clear();
    }

    boolean present() {
        return exists && !terminating;
    }

    boolean exists() {
        return exists;
    }

    /** Whether the child is terminating because the user deleted it by hand. */
    boolean deletingByHand() {
        return terminating && deletedByHand;
    }

    /** Whether the child is present with a spec that asks for a running job. */
    boolean live() {
        return present() && !suspendedBySpec;
    }

    String jobId() {
        return jobId;
    }

    JobState jobState() {
        return jobState;
    }

    ChildObservation observe() {
        if (!exists) {
            return ChildObservation.absent();
        }
        return new ChildObservation(
                true,
                terminating,
                specRef,
                generation,
                observedGeneration,
                suspendedBySpec,
                lifecycle,
                jobState,
                jobId,
                jobStartTime,
                health.facts(script.backlogRecords()));
    }
}
