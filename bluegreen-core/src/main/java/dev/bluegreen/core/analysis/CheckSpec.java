package dev.bluegreen.core.analysis;

import java.time.Duration;
import java.util.Objects;

/**
 * The timing and limits of one analysis check, with the meanings of Argo Rollouts' metric fields
 * (what is measured, and the conditions, are the controller's concern).
 *
 * @param name unique among the checks of its stage
 * @param initialDelay no measurement before the stage's start plus this; zero for none
 * @param interval time between measurements; {@code null} when the check measures once
 * @param count measurements (successful, failed and inconclusive; errors excluded) after which the
 *     check ends; 0 with an interval means indefinitely (until a limit trips)
 * @param failureLimit the check fails when more measurements than this failed; -1 disables
 * @param inconclusiveLimit the check is inconclusive when more measurements than this were
 *     inconclusive
 * @param consecutiveErrorLimit the check errs when more measurements than this in a row were errors
 */
public record CheckSpec(
        String name,
        Duration initialDelay,
        Duration interval,
        int count,
        int failureLimit,
        int inconclusiveLimit,
        int consecutiveErrorLimit) {
    /** Argo's default {@code consecutiveErrorLimit}: the fifth error in a row ends the check. */
    public static final int DEFAULT_CONSECUTIVE_ERROR_LIMIT = 4;

    /** After an error the next measurement comes this long after it, whatever the interval. */
    public static final Duration ERROR_RETRY_INTERVAL = Duration.ofSeconds(10);

    public CheckSpec {
        Objects.requireNonNull(name, "name == null");
        initialDelay = initialDelay == null ? Duration.ZERO : initialDelay;
    }

    /**
     * The number of counted measurements after which the check ends: {@code count}, or 1 when
     * neither count nor interval is set; 0 (indefinite) when only an interval is set.
     */
    public int effectiveCount() {
        if (count > 0) {
            return count;
        }
        return interval == null ? 1 : 0;
    }
}
