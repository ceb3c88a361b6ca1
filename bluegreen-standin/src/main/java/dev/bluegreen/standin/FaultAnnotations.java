package dev.bluegreen.standin;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the fault annotations of a FlinkDeployment (see {@link Faults}). Stateless. */
final class FaultAnnotations {
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");

    private FaultAnnotations() {}

    /**
     * The faults the annotations ask for; {@link FaultSettings#NONE} for none.
     *
     * @throws SpecException naming the annotation for a bad value
     */
    static FaultSettings parse(Map<String, String> annotations) {
        if (annotations == null) {
            return FaultSettings.NONE;
        }
        FaultSettings faults = FaultSettings.NONE;
        String records = annotations.get(Faults.FAIL_AFTER_RECORDS);
        if (records != null) {
            faults = faults.withFailAfterRecords(positive(Faults.FAIL_AFTER_RECORDS, records));
        }
        String savepoints = annotations.get(Faults.FAIL_SAVEPOINTS);
        if (savepoints != null && bool(Faults.FAIL_SAVEPOINTS, savepoints)) {
            faults = faults.withFailSavepoints();
        }
        String delay = annotations.get(Faults.START_DELAY);
        if (delay != null) {
            faults = faults.withStartDelay(duration(Faults.START_DELAY, delay));
        }
        String kill = annotations.get(Faults.KILL_TASK_MANAGER_WHEN_FILE);
        if (kill != null) {
            faults =
                    faults.withKillTaskManagerWhenFile(
                            path(Faults.KILL_TASK_MANAGER_WHEN_FILE, kill));
        }
        return faults;
    }

    private static long positive(String key, String value) {
        OptionalLong parsed = OptionalLong.empty();
        try {
            parsed = OptionalLong.of(Long.parseLong(value.strip()));
        } catch (NumberFormatException e) {
            // reported below with the annotation name
        }
        if (parsed.isEmpty() || parsed.getAsLong() <= 0) {
            throw bad(key, "a positive integer", value);
        }
        return parsed.getAsLong();
    }

    /** An absolute path. */
    private static Path path(String key, String value) {
        Path parsed = null;
        try {
            parsed = Path.of(value.strip());
        } catch (InvalidPathException e) {
            // reported below with the annotation name
        }
        if (parsed == null || value.isBlank() || !parsed.isAbsolute()) {
            throw bad(key, "an absolute file path", value);
        }
        return parsed;
    }

    private static boolean bool(String key, String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw bad(key, "\"true\" or \"false\"", value);
        };
    }

    /** {@code 500ms}, {@code 20s}, {@code 2m}, {@code 1h} or ISO-8601 such as {@code PT20S}. */
    static Duration duration(String key, String value) {
        String text = value.strip().toLowerCase(Locale.ROOT);
        Matcher m = DURATION.matcher(text);
        Duration parsed = m.matches() ? withUnit(m) : iso(value.strip());
        if (parsed == null) {
            throw bad(key, "a duration such as 500ms, 20s, 2m or PT20S", value);
        }
        return parsed;
    }

    private static Duration withUnit(Matcher m) {
        long amount = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
    }

    /** An ISO-8601 duration that is not negative, or {@code null}. */
    private static Duration iso(String text) {
        try {
            Duration parsed = Duration.parse(text);
            return parsed.isNegative() ? null : parsed;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static SpecException bad(String key, String expected, String value) {
        return new SpecException(
                "metadata.annotations[\""
                        + key
                        + "\"]: expected "
                        + expected
                        + ", got \""
                        + value
                        + "\"");
    }
}
