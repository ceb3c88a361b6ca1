package dev.bluegreen.operator.config;

import dev.bluegreen.diff.FlinkDurations;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One blue/green option of {@code spec.configuration}, as data: key, type, default and description.
 * {@link BlueGreenOptions#ALL} lists every option; docs/configuration.md is generated from that
 * list. Immutable.
 *
 * @param key the full key, e.g. {@code kubernetes.operator.bluegreen.abort.grace-period}
 * @param type how the value is parsed
 * @param defaultValue the default as it would be written in the configuration, or {@code null} for
 *     none (the option is then off)
 * @param description what the option does, one or two sentences of Markdown
 * @param choices the accepted values of an {@link Type#ENUM} option (matched case-insensitively),
 *     else empty
 */
public record Option(
        String key, Type type, String defaultValue, String description, List<String> choices) {

    /** The value types of options. */
    public enum Type {
        /**
         * A Flink duration ({@code 30 s}, {@code 10 min}; no unit = milliseconds), zero or more.
         */
        DURATION("duration"),
        /** A Flink duration greater than zero. */
        POSITIVE_DURATION("duration > 0"),
        /** A whole number, zero or more. */
        COUNT("integer >= 0"),
        /** {@code true} or {@code false}, case-insensitive. */
        BOOLEAN("boolean"),
        /** One of {@link Option#choices()}, case-insensitive. */
        ENUM("enum");

        private final String label;

        Type(String label) {
            this.label = label;
        }

        /** How the type is shown in the documentation, e.g. {@code duration > 0}. */
        public String label() {
            return label;
        }
    }

    public Option {
        Objects.requireNonNull(key, "key == null");
        Objects.requireNonNull(type, "type == null");
        Objects.requireNonNull(description, "description == null");
        choices = List.copyOf(choices);
        if ((type == Type.ENUM) == choices.isEmpty()) {
            throw new IllegalArgumentException(key + ": choices must be given exactly for ENUM");
        }
    }

    /**
     * Parses a value of this option.
     *
     * @param value the configured text, or {@code null}
     * @return a {@link Duration}, {@link Long}, {@link Boolean} or the upper-case enum choice
     * @throws InvalidOptionException naming the key and the value if it does not parse
     */
    public Object parse(String value) {
        if (value == null) {
            throw new InvalidOptionException(key, null, "expected a value, got null");
        }
        try {
            return switch (type) {
                case DURATION -> FlinkDurations.parseDuration(value);
                case POSITIVE_DURATION -> positive(FlinkDurations.parseDuration(value), value);
                case COUNT -> count(value);
                case BOOLEAN -> bool(value);
                case ENUM -> choice(value);
            };
        } catch (IllegalArgumentException e) {
            throw e instanceof InvalidOptionException invalid
                    ? invalid
                    : new InvalidOptionException(key, value, e.getMessage());
        }
    }

    private Duration positive(Duration duration, String value) {
        if (duration.isZero()) {
            throw new InvalidOptionException(
                    key, value, "expected a duration > 0, got \"" + value + "\"");
        }
        return duration;
    }

    private long count(String value) {
        try {
            long count = Long.parseLong(value.trim());
            if (count >= 0) {
                return count;
            }
        } catch (NumberFormatException e) {
            // reported below with the key and the value
        }
        throw new InvalidOptionException(
                key, value, "expected a whole number >= 0, got \"" + value + "\"");
    }

    private boolean bool(String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        if (text.equals("true") || text.equals("false")) {
            return Boolean.parseBoolean(text);
        }
        throw new InvalidOptionException(
                key, value, "expected true or false, got \"" + value + "\"");
    }

    private String choice(String value) {
        String text = value.trim().toUpperCase(Locale.ROOT);
        if (choices.contains(text)) {
            return text;
        }
        throw new InvalidOptionException(
                key,
                value,
                "expected one of " + String.join(", ", choices) + ", got \"" + value + "\"");
    }
}
