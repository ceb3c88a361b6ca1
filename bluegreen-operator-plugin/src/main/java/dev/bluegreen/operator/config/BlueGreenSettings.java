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
 * @param handover the ADVANCED-mode settings (catch-up bound, cutover margin, channel, report
 *     staleness); ignored in BASIC mode
 */
public record BlueGreenSettings(
        TransitionPolicy policy,
        DiffRules diffRules,
        Duration rescheduleInterval,
        HandoverSettings handover) {

    public BlueGreenSettings {
        Objects.requireNonNull(policy, "policy == null");
        Objects.requireNonNull(diffRules, "diffRules == null");
        Objects.requireNonNull(rescheduleInterval, "rescheduleInterval == null");
        Objects.requireNonNull(handover, "handover == null");
    }

    /** Settings with the default ADVANCED-mode settings. */
    public BlueGreenSettings(
            TransitionPolicy policy, DiffRules diffRules, Duration rescheduleInterval) {
        this(policy, diffRules, rescheduleInterval, HandoverSettings.DEFAULTS);
    }

    /** These settings with the engine's gated handover on or off (ADVANCED or BASIC mode). */
    public BlueGreenSettings withGatedHandover(boolean gated) {
        return new BlueGreenSettings(
                policy.toBuilder().gatedHandover(gated).build(),
                diffRules,
                rescheduleInterval,
                handover);
    }
}
