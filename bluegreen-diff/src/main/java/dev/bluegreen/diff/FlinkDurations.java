package dev.bluegreen.diff;

import dev.bluegreen.diff.internal.FlinkValues;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Parser of Flink duration and memory size values, with Flink's own syntax ({@code TimeUtils} and
 * {@code MemorySize}), for options that are not Flink configuration but are written the same way
 * (such as the blue/green options in {@code spec.configuration}).
 *
 * <p>Durations: a whole number and an optional unit, {@code ns}, {@code us}/{@code µs}, {@code ms},
 * {@code s}, {@code m}/{@code min}, {@code h}, {@code d} and their long forms ({@code 10 min},
 * {@code 30s}, {@code 2 hours}); a bare number means milliseconds. Memory sizes: a whole number and
 * an optional unit {@code b}, {@code k}/{@code kb}, {@code m}/{@code mb}, {@code g}/{@code gb},
 * {@code t}/{@code tb} (base 1024); a bare number means bytes. Units are case insensitive and
 * surrounding blanks are ignored. Stateless and thread-safe.
 */
public final class FlinkDurations {

    private FlinkDurations() {}

    /**
     * Parses a duration the way Flink does.
     *
     * @param text e.g. {@code "10 min"}, {@code "30s"}, {@code "500"} (milliseconds)
     * @return the duration, never negative
     * @throws IllegalArgumentException {@code cannot parse "<text>" as a duration (...)} if the
     *     text is not a whole number with an optional known unit, or does not fit
     * @throws NullPointerException if {@code text} is null
     */
    public static Duration parseDuration(String text) {
        Objects.requireNonNull(text, "text == null");
        Optional<Duration> parsed =
                bareNumber(text)
                        .map(Duration::ofMillis)
                        .or(() -> FlinkValues.durationWithUnit(text));
        return parsed.orElseThrow(
                () ->
                        invalid(
                                text,
                                "a duration (a whole number with a unit such as ms, s, min, h,"
                                        + " d; no unit means milliseconds)"));
    }

    /**
     * Parses a memory size the way Flink does (base 1024).
     *
     * @param text e.g. {@code "2048m"}, {@code "1 gb"}, {@code "4096"} (bytes)
     * @return the number of bytes, never negative
     * @throws IllegalArgumentException {@code cannot parse "<text>" as a memory size (...)} if the
     *     text is not a whole number with an optional known unit, or does not fit in a long
     * @throws NullPointerException if {@code text} is null
     */
    public static long parseMemorySize(String text) {
        Objects.requireNonNull(text, "text == null");
        Optional<Long> parsed =
                bareNumber(text)
                        .or(() -> FlinkValues.memoryWithUnit(text).map(bytes -> bytes.longValue()));
        return parsed.orElseThrow(
                () ->
                        invalid(
                                text,
                                "a memory size (a whole number with a unit such as b, kb, mb,"
                                        + " gb, tb; no unit means bytes)"));
    }

    /** The value of a text made only of ASCII digits (blanks around allowed) that fits a long. */
    private static Optional<Long> bareNumber(String text) {
        String trimmed = text.trim();
        if (trimmed.isEmpty() || !trimmed.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(trimmed));
        } catch (NumberFormatException tooLarge) {
            // Only digits, so the number is too large for a long: Flink rejects it as well.
            return Optional.empty();
        }
    }

    private static IllegalArgumentException invalid(String text, String expected) {
        return new IllegalArgumentException("cannot parse \"" + text + "\" as " + expected);
    }
}
