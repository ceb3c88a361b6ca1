package dev.bluegreen.operator.internal.config;

import java.time.Duration;
import java.util.Objects;

/**
 * The ADVANCED-mode settings of one resource (see {@link AdvancedOptions}). Immutable and
 * thread-safe.
 *
 * @param catchUpBound how far (event time) the incoming colour may be behind for a proposal;
 *     default 5 s
 * @param cutoverMargin added to the largest reported event time to pick the cutover; default 1 s
 * @param channelType {@link AdvancedOptions#CONFIGMAP} (default) or {@link AdvancedOptions#MEMORY}
 * @param reportStaleness reports older than this are ignored; default 30 s
 * @param keepWindow whether a cutover opens a keep window; default true
 * @param handbackLead checkpoints ahead of the newest reported one a release bound starts; default
 *     3
 */
public record HandoverSettings(
        Duration catchUpBound,
        Duration cutoverMargin,
        String channelType,
        Duration reportStaleness,
        boolean keepWindow,
        int handbackLead) {

    /** The defaults of {@link AdvancedOptions}. */
    public static final HandoverSettings DEFAULTS =
            new HandoverSettings(
                    Duration.ofSeconds(5),
                    Duration.ofSeconds(1),
                    AdvancedOptions.CONFIGMAP,
                    Duration.ofSeconds(30),
                    true,
                    3);

    public HandoverSettings {
        Objects.requireNonNull(catchUpBound, "catchUpBound == null");
        Objects.requireNonNull(cutoverMargin, "cutoverMargin == null");
        Objects.requireNonNull(channelType, "channelType == null");
        Objects.requireNonNull(reportStaleness, "reportStaleness == null");
        if (handbackLead < 1) {
            throw new IllegalArgumentException(
                    "handbackLead: expected at least 1, got " + handbackLead);
        }
    }

    /** The gate-side name of the channel type ({@code configmap} or {@code memory}). */
    public String gateChannelType() {
        return channelType.toLowerCase(java.util.Locale.ROOT);
    }
}
