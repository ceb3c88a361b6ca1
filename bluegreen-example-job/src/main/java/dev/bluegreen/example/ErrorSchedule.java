package dev.bluegreen.example;

import java.io.Serializable;
import java.time.Duration;

/**
 * When and how fast the example job reports simulated errors: none for {@code badAfter} after the
 * job (its run) started, then {@code perSecond} errors per second. Pure and immutable.
 *
 * @param perSecond errors per second once bad, at least 0 (0: the job never reports errors)
 * @param badAfter how long after the start of a run the errors begin, not negative
 */
public record ErrorSchedule(long perSecond, Duration badAfter) implements Serializable {
    /** No errors ever: the default of a healthy job. */
    public static final ErrorSchedule NONE = new ErrorSchedule(0, Duration.ZERO);

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
