package dev.bluegreen.operator.config;

import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.diff.DiffRules;

import java.time.Duration;
import java.util.Objects;

/**
 * The blue/green settings of one resource, parsed from its {@code spec.configuration} by {@link
 * BlueGreenOptions#parse}. Immutable and thread-safe.
 *
 * @param policy the engine's policy: readiness (soak, checkpoints, lag), phase deadlines and their
 *     timeout actions, deletion delay, retention, rollback window, failing source
 * @param diffRules the differ's rules ({@code DiffRules.defaults()}, with rescale as transition
 *     when asked)
 * @param rescheduleInterval the safety cap of the requeue while a change is in flight (upstream's
 *     {@code kubernetes.operator.bluegreen.reconciliation.reschedule-interval}, default 15 s)
 */
public record BlueGreenSettings(
        TransitionPolicy policy, DiffRules diffRules, Duration rescheduleInterval) {

    public BlueGreenSettings {
        Objects.requireNonNull(policy, "policy == null");
        Objects.requireNonNull(diffRules, "diffRules == null");
        Objects.requireNonNull(rescheduleInterval, "rescheduleInterval == null");
    }
}
