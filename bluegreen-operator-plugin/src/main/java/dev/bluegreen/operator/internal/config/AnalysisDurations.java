package dev.bluegreen.operator.internal.config;

import dev.bluegreen.diff.FlinkDurations;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parser of the durations of {@code spec.analysis} ({@code initialDelay}, {@code interval} and the
 * providers' {@code timeout}).
 *
 * <p>Accepted: Flink's syntax ({@code 30s}, {@code 2m}, {@code 10 min}, {@code 1h}, {@code 500ms},
 * see {@link FlinkDurations}) and Go's compound form as Argo Rollouts writes it ({@code 1h30m},
 * {@code 2m30s}). Unlike Flink, a number needs a unit ({@code 30} is refused instead of read as 30
 * milliseconds, which is never what a check means), except {@code 0}. Stateless and thread-safe.
 */
public final class AnalysisDurations {

    /** One or more Go duration parts, each a whole number and a unit. */
    private static final Pattern GO_COMPOUND = Pattern.compile("(?:[0-9]+(?:ns|us|µs|ms|s|m|h))+");

    private static final Pattern GO_PART = Pattern.compile("([0-9]+)(ns|us|µs|ms|s|m|h)");

    private AnalysisDurations() {}

    /**
     * Parses an analysis duration.
     *
     * @param text e.g. {@code "30s"}, {@code "2m"}, {@code "1h30m"}, {@code "500ms"}
     * @return the duration, never negative
     * @throws IllegalArgumentException {@code cannot parse "<text>" as a duration (...)} naming the
     *     accepted forms, when the text is blank, a bare number other than 0, or no known form
     * @throws NullPointerException if {@code text} is null
     */
    public static Duration parse(String text) {
        Objects.requireNonNull(text, "text == null");
        String trimmed = text.trim();
        if (trimmed.equals("0")) {
            return Duration.ZERO;
        }
        if (trimmed.isEmpty() || trimmed.chars().allMatch(Character::isDigit)) {
            throw invalid(text);
        }
        if (GO_COMPOUND.matcher(trimmed).matches()) {
            return compound(trimmed, text);
        }
        try {
            return FlinkDurations.parseDuration(trimmed);
        } catch (IllegalArgumentException e) {
            throw invalid(text);
        }
    }

    /** The sum of the parts of a Go duration; too large a sum is refused like any bad text. */
    private static Duration compound(String trimmed, String text) {
        Duration total = Duration.ZERO;
        Matcher part = GO_PART.matcher(trimmed);
        try {
            while (part.find()) {
                long number = Long.parseLong(part.group(1));
                total = total.plus(unit(part.group(2)).multipliedBy(number));
            }
        } catch (ArithmeticException | NumberFormatException tooLarge) {
            throw invalid(text);
        }
        return total;
    }

    private static Duration unit(String unit) {
        return switch (unit) {
            case "ns" -> Duration.ofNanos(1);
            case "us", "µs" -> Duration.ofNanos(1_000);
            case "ms" -> Duration.ofMillis(1);
            case "s" -> Duration.ofSeconds(1);
            case "m" -> Duration.ofMinutes(1);
            default -> Duration.ofHours(1);
        };
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException(
                "cannot parse \""
                        + text
                        + "\" as a duration (a whole number with a unit such as 500ms, 30s, 2m,"
                        + " 1h, or a compound such as 1h30m)");
    }
}
