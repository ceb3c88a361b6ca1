package dev.bluegreen.core;

import java.time.Instant;

/**
 * Decides whether an incoming child may receive traffic. The engine only asks once the candidate is
 * {@link ChildObservation#stableAndRunning() stable and running at its newest generation}; that
 * check cannot be turned off. Implementations must be pure (no clock reads, no I/O: {@link
 * ReadinessInput#now()} is the time) and thread-safe; see {@code ReadinessPolicies} for the
 * defaults and combinators. A policy may come from an extension jar ({@code
 * dev.bluegreen.core.extension.BlueGreenExtension}); the controller then bounds each call in time
 * and treats an exception as "not ready" (docs/testing-policies.md).
 */
@FunctionalInterface
public interface ReadinessPolicy {

    /**
     * Evaluates the candidate.
     *
     * @param input what is observed of both children, the gate and the time
     * @return the verdict, never {@code null}
     */
    ReadinessVerdict evaluate(ReadinessInput input);

    /**
     * Evaluates the candidate without a gate ({@link GateObservation#none()}), as the incoming
     * colour of a blue/green pair whose colour does not matter to the policy ({@link Color#GREEN}).
     * A convenience for tests and the built-in policies.
     *
     * @param candidate the incoming child, stable and running
     * @param incumbent the serving child (may be {@link ChildObservation#absent()})
     * @param readySince when the candidate was first seen stable and running in this transition
     * @param now the current time
     * @return the verdict, never {@code null}
     */
    default ReadinessVerdict evaluate(
            ChildObservation candidate,
            ChildObservation incumbent,
            Instant readySince,
            Instant now) {
        return evaluate(
                new ReadinessInput(
                        Color.GREEN,
                        candidate,
                        incumbent,
                        readySince,
                        now,
                        GateObservation.none()));
    }
}
