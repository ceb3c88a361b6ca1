package dev.bluegreen.operator.internal.dashboard;

import java.time.Instant;
import java.util.Objects;

/**
 * One event the controller emitted for a parent.
 *
 * @param at when it was emitted
 * @param type {@code Normal} or {@code Warning}
 * @param reason the event reason, e.g. {@code TrafficSwitched}
 * @param message the event message
 */
public record EventNote(Instant at, String type, String reason, String message) {
    public EventNote {
        Objects.requireNonNull(at, "at == null");
    }
}
