package dev.bluegreen.operator.internal.config;

import dev.bluegreen.diff.FlinkDurations;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One blue/green option of {@code spec.configuration}, as data: key, type, default and description.
 * {@link BlueGreenOptions#ALL} lists every option; docs/configuration.md is generated from that
 * list. Immutable.
 *
 * @param <T> the type of the parsed value ({@link Duration}, {@link Long}, {@link Boolean}, or the
 *     upper-case choice of an enum option as a {@link String})
 * @param key the full key, e.g. {@code kubernetes.operator.bluegreen.abort.grace-period}
 * @param type how the value is parsed
 * @param defaultValue the default as it would be written in the configuration, or {@code null} for
 *     none (the option is then off)
 * @param description what the option does, one or two sentences of Markdown
 * @param choices the accepted values of an {@link Type#ENUM} option (matched case-insensitively),
 *     else empty
 */
public record Option<T>(
        String key, Type<T> type, String defaultValue, String description, List<String> choices) {

    /**
     * The value type of an option: how its text is parsed, and how the type is shown in the
     * documentation. A fixed set of constants, compared by identity.
     *
     * @param <T> the parsed value's type
     */
    public static final class Type<T> {
        /**
         * A Flink duration ({@code 30 s}, {@code 10 min}; no unit = milliseconds), zero or more.
         */
        public static final Type<Duration> DURATION =
                new Type<>("duration", Duration.class, (text, choices) -> duration(text));

        /** A Flink duration greater than zero. */
        public static final Type<Duration> POSITIVE_DURATION =
                new Type<>("duration > 0", Duration.class, (text, choices) -> positive(text));

        /** A whole number, zero or more. */
        public static final Type<Long> COUNT =
                new Type<>("integer >= 0", Long.class, (text, choices) -> count(text));

        /** A whole number, one or more. */
        public static final Type<Long> POSITIVE_COUNT =
                new Type<>("integer >= 1", Long.class, (text, choices) -> positiveCount(text));

        /** {@code true} or {@code false}, case-insensitive. */
        public static final Type<Boolean> BOOLEAN =
                new Type<>("boolean", Boolean.class, (text, choices) -> bool(text));

        /**
         * A name: lower-case letters, digits and {@code -}, starting and ending with a letter or
         * digit, at most 63 characters (a Kubernetes label value's shape, an extension's name).
         */
        public static final Type<String> NAME =
                new Type<>("name", String.class, (text, choices) -> name(text));

        /** One of {@link Option#choices()}, case-insensitive; parsed to the upper-case choice. */
        public static final Type<String> ENUM = new Type<>("enum", String.class, Type::choice);

        /**
         * The shape of a {@link #NAME}: also what {@code Extensions} requires of an extension's
         * name, so every name a controller offers can be picked with the option.
         */
        public static final Pattern NAME_SHAPE =
                Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

        private final String label;
        private final Class<T> valueType;
        private final Parser<T> parser;

        private Type(String label, Class<T> valueType, Parser<T> parser) {
            this.label = label;
            this.valueType = valueType;
            this.parser = parser;
        }

        /** How the type is shown in the documentation, e.g. {@code duration > 0}. */
        public String label() {
            return label;
        }

        /** The class of the parsed values. */
        public Class<T> valueType() {
            return valueType;
        }

        @Override
        public String toString() {
            return label;
        }

        /** Parses a non-null text; throws {@link IllegalArgumentException} with the reason. */
        private interface Parser<T> {
            T parse(String text, List<String> choices);
        }

        private static Duration duration(String value) {
            return FlinkDurations.parseDuration(value);
        }

        private static Duration positive(String value) {
            Duration duration = duration(value);
            if (duration.isZero()) {
                throw new IllegalArgumentException(
                        "expected a duration > 0, got \"" + value + "\"");
            }
            return duration;
        }

        private static long count(String value) {
            try {
                long count = Long.parseLong(value.trim());
                if (count >= 0) {
                    return count;
                }
            } catch (NumberFormatException e) {
                // reported below with the value
            }
            throw new IllegalArgumentException(
                    "expected a whole number >= 0, got \"" + value + "\"");
        }

        private static long positiveCount(String value) {
            long count = count(value);
            if (count < 1) {
                throw new IllegalArgumentException(
                        "expected a whole number >= 1, got \"" + value + "\"");
            }
            return count;
        }

        private static boolean bool(String value) {
            String text = value.trim().toLowerCase(Locale.ROOT);
            if (text.equals("true") || text.equals("false")) {
                return Boolean.parseBoolean(text);
            }
            throw new IllegalArgumentException("expected true or false, got \"" + value + "\"");
        }

        private static String name(String value) {
            if (NAME_SHAPE.matcher(value).matches()) {
                return value;
            }
            throw new IllegalArgumentException(
                    "expected a name of lower-case letters, digits and '-', at most 63"
                            + " characters, got \""
                            + value
                            + "\"");
        }

        private static String choice(String value, List<String> choices) {
            String text = value.trim().toUpperCase(Locale.ROOT);
            if (choices.contains(text)) {
                return text;
            }
            throw new IllegalArgumentException(
                    "expected one of " + String.join(", ", choices) + ", got \"" + value + "\"");
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
     * @return the value: a {@link Duration}, {@link Long}, {@link Boolean} or the upper-case enum
     *     choice
     * @throws InvalidOptionException naming the key and the value if it does not parse
     */
    public T parse(String value) {
        if (value == null) {
            throw new InvalidOptionException(key, null, "expected a value, got null");
        }
        try {
            return type.parser.parse(value, choices);
        } catch (IllegalArgumentException e) {
            throw e instanceof InvalidOptionException invalid
                    ? invalid
                    : new InvalidOptionException(key, value, e.getMessage());
        }
    }
}
