package dev.bluegreen.example;

import org.apache.flink.util.TimeUtils;

import java.time.Duration;
import java.util.Map;

/**
 * Typed reading of parsed {@code --name value} command-line flags, shared by the example jobs'
 * argument records ({@link JobArgs}, and the Kafka variant's). Stateless and thread-safe.
 */
public final class FlagValues {
    private FlagValues() {}

    /**
     * The value of flag {@code --name} as a long, or {@code fallback} when the flag was not given.
     * Surrounding whitespace is ignored.
     *
     * @param values flag values keyed by flag name without the leading {@code --}
     * @param name the flag's name without the leading {@code --}, e.g. {@code rate}
     * @param fallback the value when {@code values} has no entry for {@code name}
     * @throws IllegalArgumentException naming the flag when the value is not an integer, e.g.
     *     {@code --rate: expected an integer, got "x"} (the cause is the {@link
     *     NumberFormatException})
     */
    public static long number(Map<String, String> values, String name, long fallback) {
        String value = values.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--" + name + ": expected an integer, got \"" + value + "\"", e);
        }
    }

    /**
     * The value of flag {@code --name} as a duration in Flink's notation ({@code 20s}, {@code 500
     * ms}, {@code 2 min}; a bare number is milliseconds), or {@code fallback} when the flag was not
     * given.
     *
     * @throws IllegalArgumentException naming the flag when the value is not a duration, e.g.
     *     {@code --bad-after: expected a duration like 20s, got "soon"}
     */
    public static Duration duration(Map<String, String> values, String name, Duration fallback) {
        String value = values.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            return TimeUtils.parseDuration(value.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "--" + name + ": expected a duration like 20s, got \"" + value + "\"", e);
        }
    }
}
