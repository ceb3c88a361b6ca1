package dev.bluegreen.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Everything a {@link ReadinessPolicy} sees, in one value: the incoming colour, both children as
 * observed (generation, lifecycle, job state, job start, and the {@link HealthFacts health facts}:
 * checkpoints, backlog, restarts), when the incoming child was first seen stable and running, the
 * record-level gate's progress and the current time. The controller and the {@code
 * TransitionSimulator} both fill it from what they observe, so a policy tested in the simulator
 * sees the same kind of value in production. Immutable and thread-safe.
 *
 * @param incoming the colour of the child being judged
 * @param candidate the incoming child, stable and running at its newest generation
 * @param incumbent the serving child, or {@link ChildObservation#absent()} when there is none
 * @param readySince when the candidate was first seen stable and running in this transition
 * @param now the current time (an input: policies never read a clock)
 * @param gate what the record-level gate reports (ADVANCED mode); {@link GateObservation#none()} in
 *     BASIC mode
 */
public record ReadinessInput(
        Color incoming,
        ChildObservation candidate,
        ChildObservation incumbent,
        Instant readySince,
        Instant now,
        GateObservation gate) {

    public ReadinessInput {
        Objects.requireNonNull(incoming, "incoming == null");
        Objects.requireNonNull(candidate, "candidate == null");
        Objects.requireNonNull(incumbent, "incumbent == null");
        Objects.requireNonNull(readySince, "readySince == null");
        Objects.requireNonNull(now, "now == null");
        Objects.requireNonNull(gate, "gate == null");
    }

    /** How long the candidate has been stable and running: {@code now - readySince}, at least 0. */
    public Duration readyFor() {
        return nonNegative(Duration.between(readySince, now));
    }

    /**
     * How long the candidate's current job run has been up ({@code now} minus {@link
     * ChildObservation#jobStartTime()}), at least 0; {@code null} when the start time is unknown.
     */
    public Duration candidateUptime() {
        Instant start = candidate.jobStartTime();
        return start == null ? null : nonNegative(Duration.between(start, now));
    }

    /**
     * The restarts of the candidate's current job run ({@link HealthFacts#restarts()}); {@code
     * null} when unknown.
     */
    public Long candidateRestarts() {
        return candidate.health().restarts();
    }

    private static Duration nonNegative(Duration d) {
        return d.isNegative() ? Duration.ZERO : d;
    }
}
