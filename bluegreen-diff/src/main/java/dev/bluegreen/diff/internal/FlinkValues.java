package dev.bluegreen.diff.internal;

import java.math.BigInteger;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Semantic equality of Flink configuration values, following Flink's own parsing rules for
 * durations ({@code TimeUtils.parseDuration}) and memory sizes ({@code MemorySize.parse}),
 * re-implemented here because Flink is not a dependency.
 *
 * <p>Only values that carry an explicit unit are normalized: a bare number means milliseconds for a
 * duration option but bytes for a memory option and is a plain number for an integer option, and
 * the differ does not know the option's type. So {@code "1"} and {@code "1 ms"} stay different.
 * This class is stateless and thread-safe.
 */
public final class FlinkValues {

    private static final Map<String, ChronoUnit> TIME_UNITS = timeUnits();
    private static final Map<String, Long> MEMORY_UNITS = memoryUnits();

    private FlinkValues() {}

    /**
     * Tells whether two configuration values mean the same to Flink: equal text, or durations with
     * units that parse to the same length ({@code "60 s"}, {@code "1 min"}), or memory sizes with
     * units that parse to the same number of bytes ({@code "1024m"}, {@code "1g"}).
     *
     * @param a one value, not null
     * @param b the other value, not null
     * @return true if Flink would read both the same way
     */
    public static boolean sameValue(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        Optional<Duration> durationA = durationWithUnit(a);
        if (durationA.isPresent() && durationA.equals(durationWithUnit(b))) {
            return true;
        }
        Optional<BigInteger> bytesA = memoryWithUnit(a);
        return bytesA.isPresent() && bytesA.equals(memoryWithUnit(b));
    }

    /**
     * Parses a duration the way Flink's TimeUtils does, but only if it has a unit.
     *
     * @param text e.g. {@code "60 s"}, {@code "1min"}, {@code "2 hours"}
     * @return the duration, or empty if the text has no unit or does not parse
     */
    public static Optional<Duration> durationWithUnit(String text) {
        NumberAndUnit parsed = split(text);
        if (parsed == null) {
            return Optional.empty();
        }
        ChronoUnit unit = TIME_UNITS.get(parsed.unit());
        if (unit == null || parsed.number().bitLength() >= Long.SIZE) {
            return Optional.empty();
        }
        try {
            return Optional.of(Duration.of(parsed.number().longValueExact(), unit));
        } catch (ArithmeticException overflow) {
            // Flink fails on such a value too; a value that does not parse is compared as text.
            return Optional.empty();
        }
    }

    /**
     * Parses a memory size the way Flink's MemorySize does (base 1024), but only if it has a unit.
     *
     * @param text e.g. {@code "1024m"}, {@code "1 gb"}, {@code "512 kibibytes"}
     * @return the number of bytes, or empty if the text has no unit or does not parse
     */
    public static Optional<BigInteger> memoryWithUnit(String text) {
        NumberAndUnit parsed = split(text);
        if (parsed == null) {
            return Optional.empty();
        }
        Long multiplier = MEMORY_UNITS.get(parsed.unit());
        if (multiplier == null) {
            return Optional.empty();
        }
        BigInteger bytes = parsed.number().multiply(BigInteger.valueOf(multiplier));
        // MemorySize holds a long: larger values do not parse in Flink.
        return bytes.bitLength() < Long.SIZE ? Optional.of(bytes) : Optional.empty();
    }

    private static NumberAndUnit split(String text) {
        String trimmed = text.trim();
        int pos = 0;
        while (pos < trimmed.length() && trimmed.charAt(pos) >= '0' && trimmed.charAt(pos) <= '9') {
            pos++;
        }
        String unit = trimmed.substring(pos).trim().toLowerCase(Locale.ROOT);
        if (pos == 0 || unit.isEmpty()) {
            return null;
        }
        return new NumberAndUnit(new BigInteger(trimmed.substring(0, pos)), unit);
    }

    private record NumberAndUnit(BigInteger number, String unit) {}

    private static Map<String, ChronoUnit> timeUnits() {
        return Map.ofEntries(
                Map.entry("d", ChronoUnit.DAYS),
                Map.entry("day", ChronoUnit.DAYS),
                Map.entry("days", ChronoUnit.DAYS),
                Map.entry("h", ChronoUnit.HOURS),
                Map.entry("hour", ChronoUnit.HOURS),
                Map.entry("hours", ChronoUnit.HOURS),
                Map.entry("min", ChronoUnit.MINUTES),
                Map.entry("m", ChronoUnit.MINUTES),
                Map.entry("minute", ChronoUnit.MINUTES),
                Map.entry("minutes", ChronoUnit.MINUTES),
                Map.entry("s", ChronoUnit.SECONDS),
                Map.entry("sec", ChronoUnit.SECONDS),
                Map.entry("secs", ChronoUnit.SECONDS),
                Map.entry("second", ChronoUnit.SECONDS),
                Map.entry("seconds", ChronoUnit.SECONDS),
                Map.entry("ms", ChronoUnit.MILLIS),
                Map.entry("milli", ChronoUnit.MILLIS),
                Map.entry("millis", ChronoUnit.MILLIS),
                Map.entry("millisecond", ChronoUnit.MILLIS),
                Map.entry("milliseconds", ChronoUnit.MILLIS),
                Map.entry("µs", ChronoUnit.MICROS),
                Map.entry("us", ChronoUnit.MICROS),
                Map.entry("micro", ChronoUnit.MICROS),
                Map.entry("micros", ChronoUnit.MICROS),
                Map.entry("microsecond", ChronoUnit.MICROS),
                Map.entry("microseconds", ChronoUnit.MICROS),
                Map.entry("ns", ChronoUnit.NANOS),
                Map.entry("nano", ChronoUnit.NANOS),
                Map.entry("nanos", ChronoUnit.NANOS),
                Map.entry("nanosecond", ChronoUnit.NANOS),
                Map.entry("nanoseconds", ChronoUnit.NANOS));
    }

    private static Map<String, Long> memoryUnits() {
        long k = 1024L;
        return Map.ofEntries(
                Map.entry("b", 1L),
                Map.entry("bytes", 1L),
                Map.entry("k", k),
                Map.entry("kb", k),
                Map.entry("kibibytes", k),
                Map.entry("m", k * k),
                Map.entry("mb", k * k),
                Map.entry("mebibytes", k * k),
                Map.entry("g", k * k * k),
                Map.entry("gb", k * k * k),
                Map.entry("gibibytes", k * k * k),
                Map.entry("t", k * k * k * k),
                Map.entry("tb", k * k * k * k),
                Map.entry("tebibytes", k * k * k * k));
    }
}
