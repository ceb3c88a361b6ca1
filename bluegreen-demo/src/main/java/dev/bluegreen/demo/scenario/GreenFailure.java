package dev.bluegreen.demo.scenario;

/**
 * Whether green fails for good after the gates committed the cut to it, and how (Kafka, ADVANCED
 * mode; {@link GreenFails}).
 */
public enum GreenFailure {
    /** Green runs on: the plain upgrade. */
    NONE,
    /**
     * Green's job throws for good 5 s after the commit (the Kafka example's {@code
     * --fail-when-file}); blue kept what it dropped and takes the output back from what green
     * committed.
     */
    JOB_FAILS,
    /**
     * Green's TaskManager is killed 5 s after green's first committed record (the stand-in's fault
     * {@code standin.bluegreen.dev/kill-task-manager-when-file}), between two of its checkpoints:
     * its open transaction is aborted and the job ends FAILED.
     */
    TASK_MANAGER_KILLED,
    /**
     * The same with a small keep bound on blue ({@code bluegreen.gate.keep.max-records}): blue
     * stops keeping, the parent shows {@code KeepBoundReached}, and the hand-back loses exactly the
     * records it says.
     */
    JOB_FAILS_PAST_KEEP_BOUND
}
