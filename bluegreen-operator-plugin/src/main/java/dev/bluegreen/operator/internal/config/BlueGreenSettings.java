package dev.bluegreen.operator.internal.config;

import dev.bluegreen.core.Retention;
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
 * @param retentionConfigured whether {@code kubernetes.operator.bluegreen.retention} was set; if
 *     not, {@link #withGatedHandover} picks the mode's default retention ({@link
 *     #defaultRetention})
 * @param readinessChecks which readiness checks read the children's REST APIs (the policy holds the
 *     checks themselves)
 */
public record BlueGreenSettings(
        TransitionPolicy policy,
        DiffRules diffRules,
        Duration rescheduleInterval,
        HandoverSettings handover,
        boolean retentionConfigured,
        ReadinessChecks readinessChecks) {

    public BlueGreenSettings {
        Objects.requireNonNull(policy, "policy == null");
        Objects.requireNonNull(diffRules, "diffRules == null");
        Objects.requireNonNull(rescheduleInterval, "rescheduleInterval == null");
        Objects.requireNonNull(handover, "handover == null");
        Objects.requireNonNull(readinessChecks, "readinessChecks == null");
    }

    /** Settings whose readiness checks read no REST API. */
    public BlueGreenSettings(
            TransitionPolicy policy,
            DiffRules diffRules,
            Duration rescheduleInterval,
            HandoverSettings handover,
            boolean retentionConfigured) {
        this(
                policy,
                diffRules,
                rescheduleInterval,
                handover,
                retentionConfigured,
                ReadinessChecks.NONE);
    }

    /** Settings whose policy's retention counts as configured (it is used in both modes). */
    public BlueGreenSettings(
            TransitionPolicy policy,
            DiffRules diffRules,
            Duration rescheduleInterval,
            HandoverSettings handover) {
        this(policy, diffRules, rescheduleInterval, handover, true);
    }

    /** Settings with the default ADVANCED-mode settings and the policy's retention. */
    public BlueGreenSettings(
            TransitionPolicy policy, DiffRules diffRules, Duration rescheduleInterval) {
        this(policy, diffRules, rescheduleInterval, HandoverSettings.DEFAULTS);
    }

    /**
     * The retention when the option is not set: {@link Retention#DELETE} in BASIC mode (as
     * upstream), {@link Retention#SUSPEND_THEN_DELETE} in ADVANCED mode, where the jobs are meant
     * to write exactly once and a transactional sink must commit its last transaction before its
     * job goes away.
     */
    public static Retention defaultRetention(boolean gated) {
        return gated ? Retention.SUSPEND_THEN_DELETE : Retention.DELETE;
    }

    /**
     * These settings with the engine's gated handover on or off (ADVANCED or BASIC mode); an
     * unconfigured retention becomes the mode's {@link #defaultRetention}.
     */
    public BlueGreenSettings withGatedHandover(boolean gated) {
        var mode = policy.toBuilder().gatedHandover(gated);
        if (!retentionConfigured) {
            mode.retention(defaultRetention(gated));
        }
        return new BlueGreenSettings(
                mode.build(),
                diffRules,
                rescheduleInterval,
                handover,
                retentionConfigured,
                readinessChecks);
    }
}
