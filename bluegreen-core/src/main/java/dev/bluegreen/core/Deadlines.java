package dev.bluegreen.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The deadline arithmetic of one decision, against the observation's {@code now}: whether an
 * instant (or the record's deadline) passed, and the requeue delay until it. A null instant never
 * passes. Package-private and stateless.
 */
final class Deadlines {
    private Deadlines() {}

    /** Whether the record's deadline passed. */
    static boolean passed(Step s) {
        return passed(s, s.record.deadline());
    }

    /** Whether {@code at} passed (false when it is null). */
    static boolean passed(Step s, Instant at) {
        return at != null && !s.now.isBefore(at);
    }

    /** The delay until {@code at}, zero if passed, empty if {@code at} is null. */
    static Optional<Duration> until(Step s, Instant at) {
        return Requeue.until(s.now, at);
    }

    /** The delay until the record's deadline, zero if passed, empty if there is none. */
    static Optional<Duration> untilDeadline(Step s) {
        return until(s, s.record.deadline());
    }
}
