package dev.bluegreen.core;

import java.time.Instant;
import java.util.Objects;

/**
 * What is observed of one child FlinkDeployment. Built by the plugin from the informer cache; built
 * by tests and the simulator directly.
 *
 * @param exists whether the child object exists
 * @param terminating whether it has a deletion timestamp
 * @param specRef the {@link DesiredSpec#ref()} the child was last written with (an annotation on
 *     the child), or {@code null}
 * @param generation the child's {@code metadata.generation}
 * @param observedGeneration the generation the upstream operator last reconciled ({@code
 *     status.observedGeneration}); readiness is only judged when it equals {@code generation}
 * @param suspendedBySpec whether the child's spec asks for {@code job.state: suspended}
 * @param lifecycle {@code status.lifecycleState}
 * @param jobState {@code status.jobStatus.state}
 * @param jobId {@code status.jobStatus.jobId}: identifies one job run, or {@code null}
 * @param jobStartTime when that run started, or {@code null}
 * @param health optional health facts, never {@code null}
 */
public record ChildObservation(
        boolean exists,
        boolean terminating,
        String specRef,
        long generation,
        long observedGeneration,
        boolean suspendedBySpec,
        Lifecycle lifecycle,
        JobState jobState,
        String jobId,
        Instant jobStartTime,
        HealthFacts health) {

    public ChildObservation {
        Objects.requireNonNull(lifecycle, "lifecycle == null");
        Objects.requireNonNull(jobState, "jobState == null");
        Objects.requireNonNull(health, "health == null");
    }

    /** A child that does not exist. */
    public static ChildObservation absent() {
        return new ChildObservation(
                false,
                false,
                null,
                0,
                0,
                false,
                Lifecycle.UNKNOWN,
                JobState.UNKNOWN,
                null,
                null,
                HealthFacts.unknown());
    }

    /** Whether the upstream operator has reconciled the newest spec generation of this child. */
    public boolean generationObserved() {
        return exists && observedGeneration >= generation;
    }

    /** Whether the child exists and is not being deleted. */
    public boolean present() {
        return exists && !terminating;
    }

    /**
     * Whether the child is up in the upstream operator's sense: present, the newest generation
     * observed, lifecycle STABLE and job RUNNING. Readiness policies add soak time and more.
     */
    public boolean stableAndRunning() {
        return present()
                && generationObserved()
                && lifecycle == Lifecycle.STABLE
                && jobState == JobState.RUNNING;
    }

    /** Whether the child is present and visibly failing (lifecycle FAILED or a failing job). */
    public boolean failing() {
        return present() && (lifecycle == Lifecycle.FAILED || jobState.isFailure());
    }

    /**
     * Whether the operator refused or failed the child's newest spec, so waiting for it to come up
     * is pointless: present and either {@link Lifecycle#REJECTED}, or {@link Lifecycle#FAILED} at
     * the newest generation observed (a stale FAILED from before a write is not a verdict on it).
     */
    public boolean rejectedOrFailed() {
        return present()
                && (lifecycle == Lifecycle.REJECTED
                        || (lifecycle == Lifecycle.FAILED && generationObserved()));
    }

    /** Whether the child is present, the newest generation observed, and suspended. */
    public boolean suspendedObserved() {
        return present()
                && generationObserved()
                && suspendedBySpec
                && lifecycle == Lifecycle.SUSPENDED;
    }
}
