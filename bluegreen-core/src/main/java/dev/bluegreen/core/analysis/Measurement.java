package dev.bluegreen.core.analysis;

import java.time.Instant;
import java.util.Objects;

/**
 * One measurement of one check.
 *
 * @param at when it was taken
 * @param phase its outcome
 * @param value the provider's result as short text (e.g. {@code [0.97]}), or empty on an error
 * @param message why it is an error or failed (the provider's or the condition's text), or empty
 */
public record Measurement(Instant at, MeasurementPhase phase, String value, String message) {
    public Measurement {
        Objects.requireNonNull(at, "at == null");
        Objects.requireNonNull(phase, "phase == null");
        value = value == null ? "" : value;
        message = message == null ? "" : message;
    }
}
