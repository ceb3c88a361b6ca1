package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.operator.internal.config.AnalysisDurations;

import java.time.Duration;

/** The per-request timeout of a provider from its {@code timeout} field. Stateless. */
final class Timeouts {
    private Timeouts() {}

    /**
     * {@code text} as a positive duration ({@code 10s}, {@code 1 min}), or {@code otherwise} when
     * {@code null}.
     *
     * @param field the field's path, for the message
     * @throws ProviderException naming the field when the text is not a positive duration
     */
    static Duration of(String field, String text, Duration otherwise) {
        if (text == null) {
            return otherwise;
        }
        Duration timeout;
        try {
            timeout = AnalysisDurations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ProviderException(field + ": " + e.getMessage(), e);
        }
        if (timeout.isZero()) {
            throw new ProviderException(field + ": must be positive, was '" + text + "'");
        }
        return timeout;
    }
}
