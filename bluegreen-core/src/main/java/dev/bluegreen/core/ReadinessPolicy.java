package dev.bluegreen.core;

import java.time.Instant;

/**
 * Decides whether an incoming child may receive traffic. The engine only asks once the candidate is
 * {@link ChildObservation#stableAndRunning() stable and running at its newest generation}; that
 * check cannot be turned off. Implementations must be pure and thread-safe; see {@code
 * ReadinessPolicies} for the defaults and combinators.
 */
@FunctionalInterface
public interface ReadinessPolicy {

    /**
     * Evaluates the candidate.
     *
     * @param candidate the incoming child, stable and running
     * @param incumbent the serving child (may be {@link ChildObservation#absent()})
     * @param readySince when the candidate was first seen stable and running in this transition
     * @param now the current time
     * @return the verdict, never {@code null}
     */
    ReadinessVerdict evaluate(
            ChildObservation candidate,
            ChildObservation incumbent,
            Instant readySince,
            Instant now);
}
