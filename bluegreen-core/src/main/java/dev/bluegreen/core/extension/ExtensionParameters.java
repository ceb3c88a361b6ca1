package dev.bluegreen.core.extension;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The options one resource gives its extension: the entries {@code
 * kubernetes.operator.bluegreen.extension.<key>} of its {@code spec.configuration}, by {@code
 * <key>}. Immutable and thread-safe. The typed getters throw {@link InvalidParameterException}
 * naming the full option key, which the controller reports as an invalid spec.
 */
public final class ExtensionParameters {

    /** The prefix of the options passed to an extension; the key after it is the parameter. */
    public static final String PREFIX = "kubernetes.operator.bluegreen.extension.";

    private static final Pattern FLINK_DURATION =
            Pattern.compile("\\s*(\\d+)\\s*(ms|s|min|h|d)?\\s*");

    private final Map<String, String> values;

    private ExtensionParameters(Map<String, String> values) {
        this.values = Map.copyOf(values);
    }

    /**
     * The parameters by key (without {@link #PREFIX}).
     *
     * @throws NullPointerException if a key or value is {@code null}
     */
    public static ExtensionParameters of(Map<String, String> byKey) {
        return new ExtensionParameters(byKey);
    }

    /** The parameters of a whole {@code spec.configuration}: its keys under {@link #PREFIX}. */
    public static ExtensionParameters fromConfiguration(Map<String, String> configuration) {
        var byKey = new TreeMap<String, String>();
        configuration.forEach(
                (key, value) -> {
                    if (isParameterKey(key)) {
                        byKey.put(key.substring(PREFIX.length()), value);
                    }
                });
        return new ExtensionParameters(byKey);
    }

    /** Whether {@code key} is an extension parameter: {@link #PREFIX} and a non-empty rest. */
    public static boolean isParameterKey(String key) {
        return key.startsWith(PREFIX) && key.length() > PREFIX.length();
    }

    /** No parameters. */
    public static ExtensionParameters none() {
        return new ExtensionParameters(Map.of());
    }

    /** The parameters by key (without {@link #PREFIX}), unmodifiable. */
    public Map<String, String> asMap() {
        return values;
    }

    /** The value of {@code key}, if given. */
    public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(Objects.requireNonNull(key, "key == null")));
    }

    /** The value of {@code key}, or {@code fallback} when it is not given. */
    public String get(String key, String fallback) {
        return get(key).orElse(fallback);
    }

    /**
     * The duration of {@code key}, or {@code fallback} when it is not given. Accepts Flink's syntax
     * ({@code 500 ms}, {@code 30 s}, {@code 10 min}, {@code 2 h}, {@code 1 d}; no unit means
     * milliseconds) and ISO-8601 ({@code PT10M}).
     *
     * @throws InvalidParameterException when the value is neither, or negative
     */
    public Duration duration(String key, Duration fallback) {
        var text = get(key);
        return text.isEmpty() ? fallback : parseDuration(key, text.get());
    }

    /**
     * The decimal number of {@code key}, or {@code fallback} when it is not given.
     *
     * @throws InvalidParameterException when the value is not a finite number
     */
    public double number(String key, double fallback) {
        var text = get(key);
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            double value = Double.parseDouble(text.get().trim());
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidParameterException(key, text.get(), "not a finite number");
    }

    /**
     * The boolean of {@code key} ({@code true} or {@code false}), or {@code fallback}.
     *
     * @throws InvalidParameterException when the value is neither
     */
    public boolean flag(String key, boolean fallback) {
        var text = get(key);
        if (text.isEmpty()) {
            return fallback;
        }
        return switch (text.get().trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidParameterException(key, text.get(), "not true or false");
        };
    }

    private static Duration parseDuration(String key, String text) {
        var m = FLINK_DURATION.matcher(text);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            String unit = m.group(2) == null ? "ms" : m.group(2);
            return switch (unit) {
                case "s" -> Duration.ofSeconds(n);
                case "min" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                case "d" -> Duration.ofDays(n);
                default -> Duration.ofMillis(n);
            };
        }
        try {
            Duration d = Duration.parse(text.trim());
            if (!d.isNegative()) {
                return d;
            }
        } catch (DateTimeParseException e) {
            // reported below
        }
        throw new InvalidParameterException(
                key, text, "not a duration such as '30 s', '10 min' or 'PT10M'");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExtensionParameters other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return new TreeMap<>(values).toString();
    }

    /** A parameter of an extension has an invalid value; {@link #key()} is the full option key. */
    public static final class InvalidParameterException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final String key;

        /**
         * @param parameter the parameter key, without {@link #PREFIX}
         * @param value the invalid value
         * @param why what is wrong with it
         */
        public InvalidParameterException(String parameter, String value, String why) {
            super(PREFIX + parameter + ": '" + value + "' is " + why);
            this.key = PREFIX + parameter;
        }

        /** The full option key, {@code kubernetes.operator.bluegreen.extension.<parameter>}. */
        public String key() {
            return key;
        }
    }
}
