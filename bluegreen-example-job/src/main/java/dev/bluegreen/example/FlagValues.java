package dev.bluegreen.example;

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
}
