package dev.bluegreen.operator.internal.extension;

import dev.bluegreen.core.ReadinessInput;
import dev.bluegreen.core.ReadinessPolicy;
import dev.bluegreen.core.ReadinessVerdict;

import java.util.Objects;

/**
 * An extension's readiness policy for one resource, contained: each evaluation runs through {@link
 * ExtensionCalls} (bounded in time), and an evaluation that throws, overruns or returns {@code
 * null} is a {@link ReadinessVerdict.Failed} verdict with the reason: not ready, never ready. The
 * engine reports it as {@code ReadinessPolicyFailed} (a Warning, {@code Degraded}). Thread-safe
 * when the policy is.
 *
 * @param policy the extension's policy
 * @param calls where the evaluations run
 * @param parent the resource's key ({@code namespace/name}), for the one-call-per-resource rule
 * @param what the extension, for messages, e.g. {@code extension 'mine': readiness policy}
 */
public record ContainedReadiness(
        ReadinessPolicy policy, ExtensionCalls calls, String parent, String what)
        implements ReadinessPolicy {

    public ContainedReadiness {
        Objects.requireNonNull(policy, "policy == null");
        Objects.requireNonNull(calls, "calls == null");
        Objects.requireNonNull(parent, "parent == null");
        Objects.requireNonNull(what, "what == null");
    }

    @Override
    public ReadinessVerdict evaluate(ReadinessInput input) {
        try {
            return calls.call(parent, what, () -> policy.evaluate(input));
        } catch (RuntimeException e) {
            return new ReadinessVerdict.Failed(String.valueOf(e.getMessage()));
        }
    }
}
