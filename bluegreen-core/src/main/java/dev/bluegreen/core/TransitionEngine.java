package dev.bluegreen.core;

import java.util.Objects;

/**
 * The blue/green transition engine: one pure, deterministic decision per reconcile. Immutable and
 * thread-safe; never reads a clock, never does I/O, never throws for any valid observation.
 *
 * <p>The decision depends on the state's {@link BlueGreenState.Role role}; each role has a small
 * step class. The possible outcomes are listed, row by row, in {@link StateTable}; the semantics
 * are documented in {@code docs/core.md}.
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
     * @throws NullPointerException if {@code record} or {@code observation} is null
     */
    public Plan decide(TransitionRecord record, Observation observation) {
        Objects.requireNonNull(record, "record == null");
        Objects.requireNonNull(observation, "observation == null");
        var step = new Step(record, observation, policy);
        Plan plan = decide(step);
        return policy.gatedHandover() ? Gate.withOwner(plan) : plan;
    }

    private static Plan decide(Step step) {
        TransitionRecord record = step.record;
        return switch (record.state().role()) {
            case INITIALIZING -> RestingCommands.decide(step, InitializingStep::decide);
            case ACTIVE -> RestingCommands.decide(step, ActiveStep::decide);
            case SAVEPOINTING -> SavepointingStep.decide(step);
            case TRANSITIONING -> TransitioningStep.decide(step);
            case RETIRING -> RetiringStep.decide(step);
            case PATCHING -> PatchingStep.decide(step);
            case SUSPENDED -> RestingCommands.decide(step, SuspendedStep::decide);
            case FAILING -> RestingCommands.decide(step, FailingStep::decide);
        };
    }
}
