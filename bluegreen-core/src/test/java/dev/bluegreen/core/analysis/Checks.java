package dev.bluegreen.core.analysis;

import java.time.Duration;
import java.time.Instant;

import static java.time.Duration.ofMinutes;

/** Checks and measurements for the {@link CheckRules} tables. */
final class Checks {
    static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    static final Duration MINUTE = ofMinutes(1);

    private Checks() {}

    /** A check with these limits; {@code interval} may be null. */
    static CheckSpec spec(
            int count, Duration interval, int failureLimit, int inconclusiveLimit, int errorLimit) {
        return new CheckSpec(
                "error-rate",
                Duration.ZERO,
                interval,
                count,
                failureLimit,
                inconclusiveLimit,
                errorLimit);
    }

    /** A check with Argo's default limits (failure 0, inconclusive 0, consecutive errors 4). */
    static CheckSpec spec(int count, Duration interval) {
        return spec(count, interval, 0, 0, CheckSpec.DEFAULT_CONSECUTIVE_ERROR_LIMIT);
    }

    /** Records {@code measured} (letters S, F, I, E) taken 1 min apart from START + 1 min. */
    static CheckProgress measure(CheckSpec check, CheckProgress start, String measured) {
        CheckProgress progress = start;
        int minute = 1;
        for (char c : measured.replace(" ", "").toCharArray()) {
            progress = CheckRules.record(check, progress, measurement(minute++, c));
        }
        return progress;
    }

    static Measurement measurement(int minute, char phase) {
        MeasurementPhase p =
                switch (phase) {
                    case 'S' -> MeasurementPhase.SUCCESSFUL;
                    case 'F' -> MeasurementPhase.FAILED;
                    case 'I' -> MeasurementPhase.INCONCLUSIVE;
                    case 'E' -> MeasurementPhase.ERROR;
                    default -> throw new IllegalArgumentException("measurement " + phase);
                };
        return new Measurement(START.plus(ofMinutes(minute)), p, "[0.5]", "");
    }
}
