package dev.bluegreen.core;

import java.time.Instant;

/** Ready-made {@link ChildObservation}s for tests: one factory per situation of a child. */
public final class Children {
    /** The start time of every job run these fixtures create. */
    public static final Instant JOB_START = Instant.parse("2025-12-31T23:00:00Z");

    private Children() {}

    /** A child that does not exist. */
    public static ChildObservation absent() {
        return ChildObservation.absent();
    }

    /** Stable and running spec {@code specRef} at its newest generation, job {@code job-<spec>}. */
    public static ChildObservation running(String specRef) {
        return child(
                specRef, 1, 1, false, Lifecycle.STABLE, JobState.RUNNING, HealthFacts.unknown());
    }

    /** Like {@link #running(String)} with the given health facts. */
    public static ChildObservation running(String specRef, HealthFacts health) {
        return child(specRef, 1, 1, false, Lifecycle.STABLE, JobState.RUNNING, health);
    }

    /** Like {@link #running(String)} with another job id (a new job run). */
    public static ChildObservation runningJob(String specRef, String jobId) {
        return new ChildObservation(
                true,
                false,
                specRef,
                1,
                1,
                false,
                Lifecycle.STABLE,
                JobState.RUNNING,
                jobId,
                JOB_START,
                HealthFacts.unknown());
    }

    /** Written with {@code specRef}, but the operator has not observed that generation yet. */
    public static ChildObservation unobserved(String specRef) {
        return child(
                specRef, 2, 1, false, Lifecycle.STABLE, JobState.RUNNING, HealthFacts.unknown());
    }

    /** Observed at its newest generation, deployed but not stable yet. */
    public static ChildObservation starting(String specRef) {
        return child(
                specRef, 1, 1, false, Lifecycle.DEPLOYED, JobState.CREATED, HealthFacts.unknown());
    }

    /** Present and failing, with the given last good snapshot path (may be null). */
    public static ChildObservation failing(String specRef, String lastGoodSnapshotPath) {
        var health = new HealthFacts(3, null, lastGoodSnapshotPath, null, null);
        return child(specRef, 1, 1, false, Lifecycle.FAILED, JobState.FAILED, health);
    }

    /**
     * Written with {@code specRef} and rejected by the operator: its generation is not observed and
     * the operator wrote a new error ({@link Lifecycle#REJECTED}).
     */
    public static ChildObservation rejected(String specRef) {
        return child(
                specRef, 2, 1, false, Lifecycle.REJECTED, JobState.UNKNOWN, HealthFacts.unknown());
    }

    /** Suspended by spec and observed suspended. */
    public static ChildObservation suspended(String specRef) {
        return child(
                specRef,
                1,
                1,
                true,
                Lifecycle.SUSPENDED,
                JobState.SUSPENDED,
                HealthFacts.unknown());
    }

    /**
     * Asked to suspend by its spec (a stop-with-savepoint), not observed yet: the job still runs at
     * the previous generation.
     */
    public static ChildObservation stopping(String specRef) {
        return child(
                specRef, 2, 1, true, Lifecycle.STABLE, JobState.RUNNING, HealthFacts.unknown());
    }

    /** Running, but being deleted. */
    public static ChildObservation terminating(String specRef) {
        return new ChildObservation(
                true,
                true,
                specRef,
                1,
                1,
                false,
                Lifecycle.STABLE,
                JobState.RUNNING,
                "job-" + specRef,
                JOB_START,
                HealthFacts.unknown());
    }

    private static ChildObservation child(
            String specRef,
            long generation,
            long observed,
            boolean suspended,
            Lifecycle lifecycle,
            JobState job,
            HealthFacts health) {
        return new ChildObservation(
                true,
                false,
                specRef,
                generation,
                observed,
                suspended,
                lifecycle,
                job,
                "job-" + specRef,
                JOB_START,
                health);
    }
}
