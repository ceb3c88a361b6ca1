package dev.bluegreen.example;

import java.io.Serializable;
import java.time.Duration;

/**
 * When and how fast the example job reports simulated errors: none for {@code badAfter} after the
 * job (its run) started, or after a trigger file appeared, then {@code perSecond} errors per
 * second. Pure and immutable.
 *
 * @param perSecond errors per second once bad, at least 0 (0: the job never reports errors)
 * @param badAfter how long after the start of a run (or after the trigger) the errors begin, not
 *     negative
 * @param trigger a file whose appearance starts the clock of {@code badAfter} instead of the run's
 *     start ({@code --bad-when-file}), or {@code null}: the run's start
 */
public record ErrorSchedule(long perSecond, Duration badAfter, String trigger)
        implements Serializable {
    /** No errors ever: the default of a healthy job. */
    public static final ErrorSchedule NONE = new ErrorSchedule(0, Duration.ZERO);

    /** A schedule counted from the run's start (no trigger file). */
    public ErrorSchedule(long perSecond, Duration badAfter) {
        this(perSecond, badAfter, null);
    }

    /**
     * Validates the values.
     *
     * @throws IllegalArgumentException naming the argument ({@code --error-rate}, {@code
     *     --bad-after}) that is out of range
     */
    public ErrorSchedule {
        if (perSecond < 0) {
            throw new IllegalArgumentException("--error-rate: expected >= 0, got " + perSecond);
        }
        if (badAfter == null || badAfter.isNegative()) {
            throw new IllegalArgumentException("--bad-after: expected a duration >= 0");
        }
        if (perSecond == 0 && !badAfter.isZero()) {
            throw new IllegalArgumentException("--bad-after: needs a positive --error-rate");
        }
        if (perSecond == 0 && trigger != null) {
            throw new IllegalArgumentException("--bad-when-file: needs a positive --error-rate");
        }
        if (trigger != null && trigger.isBlank()) {
            throw new IllegalArgumentException("--bad-when-file: expected a file path");
        }
    }

    /**
     * The number of errors a run should have reported {@code elapsedMillis} after it started: 0
     * before {@code badAfter}, then {@code perSecond} per second of the time since.
     */
    public long errorsDue(long elapsedMillis) {
        long badForMillis = elapsedMillis - badAfter.toMillis();
        return badForMillis <= 0 ? 0 : badForMillis * perSecond / 1000;
    }
}
