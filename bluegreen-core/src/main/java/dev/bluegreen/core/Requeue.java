package dev.bluegreen.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The requeue delays a plan asks for ({@link Plan#requeueAfter()}): at once, only on events, or
 * until an instant. Package-private and stateless.
 */
final class Requeue {
    /** Decide again at once. */
    static final Optional<Duration> NOW = Optional.of(Duration.ZERO);

    /** Decide again only when something is observed to change. */
    static final Optional<Duration> EVENTS_ONLY = Optional.empty();

    private Requeue() {}

    /** The delay from {@code now} until {@code at}: zero if passed, empty if {@code at} is null. */
    static Optional<Duration> until(Instant now, Instant at) {
        if (at == null) {
            return EVENTS_ONLY;
        }
        return now.isBefore(at) ? Optional.of(Duration.between(now, at)) : NOW;
    }
}
