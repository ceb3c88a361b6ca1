package dev.bluegreen.core;

import java.util.Objects;

/**
 * The blue/green transition engine: one pure, deterministic decision per reconcile. Immutable and
 * thread-safe; never reads a clock, never does I/O, never throws for any valid observation.
 */
public final class TransitionEngine {
    private final TransitionPolicy policy;

    /** An engine with the given policy. */
    public TransitionEngine(TransitionPolicy policy) {
        this.policy = Objects.requireNonNull(policy, "policy == null");
    }

    /** The policy this engine decides with. */
    public TransitionPolicy policy() {
        return policy;
    }

    /**
     * Decides what to do next.
     *
     * @param record the persisted record, as returned by the previous plan
     * @param observation what is observed now
     * @return the plan; never {@code null}
     */
    public Plan decide(TransitionRecord record, Observation observation) {
        Objects.requireNonNull(record, "record == null");
        Objects.requireNonNull(observation, "observation == null");
        throw new UnsupportedOperationException("engine not implemented yet");
    }
}
