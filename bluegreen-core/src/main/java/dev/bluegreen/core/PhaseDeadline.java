package dev.bluegreen.core;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a phase may take and what happens when it takes longer.
 *
 * @param timeout the maximum duration of the phase, positive
 * @param action what to do when it passes
 */
public record PhaseDeadline(Duration timeout, TimeoutAction action) {
    public PhaseDeadline {
        Objects.requireNonNull(timeout, "timeout == null");
        Objects.requireNonNull(action, "action == null");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
    }

    /** A deadline that rolls back after {@code timeout}. */
    public static PhaseDeadline rollbackAfter(Duration timeout) {
        return new PhaseDeadline(timeout, TimeoutAction.ROLLBACK);
    }
}
