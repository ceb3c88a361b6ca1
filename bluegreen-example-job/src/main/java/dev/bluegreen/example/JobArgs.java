package dev.bluegreen.example;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Command-line arguments of {@link CountingJob}, parsed from {@code --key value} pairs.
 *
 * @param output directory of the sink files (required)
 * @param rate records per second the source emits (default 200)
 * @param keys number of distinct keys (default 16)
 * @param version label written into every output line (default {@code v1})
 * @param maxOutOfOrdernessMs the largest amount, in milliseconds, by which an event time lags the
 *     in-order time of its id (default 200); also the watermark's out-of-orderness bound
 * @param failAfterRecords when present, the job throws after this many records of one run
 * @param errors when and how fast the job reports simulated errors in its {@link
 *     ErrorSignal#METRIC} counter ({@code --error-rate}, {@code --bad-after}; default none)
 */
public record JobArgs(
        String output,
        long rate,
        int keys,
        String version,
        long maxOutOfOrdernessMs,
        OptionalLong failAfterRecords,
        ErrorSchedule errors) {

    /** Default source rate, records per second. */
    public static final long DEFAULT_RATE = 200;

    /** Default number of keys. */
    public static final int DEFAULT_KEYS = 16;

    /** Default version label. */
    public static final String DEFAULT_VERSION = "v1";

    /** Errors per second with {@code --bad-after} but no {@code --error-rate}. */
    public static final long DEFAULT_BAD_ERROR_RATE = 10;

    /** Default out-of-orderness bound, milliseconds. */
    public static final long DEFAULT_MAX_OUT_OF_ORDERNESS_MS = 200;

    /**
     * Validates the values.
     *
     * @throws IllegalArgumentException naming the argument that is out of range
     */
    public JobArgs {
        require(output != null && !output.isBlank(), "--output: required");
        require(rate > 0, "--rate: expected a positive number, got " + rate);
        require(keys > 0, "--keys: expected a positive number, got " + keys);
        require(version != null && !version.isBlank(), "--version: must not be blank");
        require(version.matches("[A-Za-z0-9._-]+"), "--version: letters, digits, . _ - only");
        require(maxOutOfOrdernessMs >= 0, "--max-out-of-orderness-ms: expected >= 0");
        require(
                failAfterRecords.isEmpty() || failAfterRecords.getAsLong() > 0,
                "--fail-after-records: expected a positive number");
        require(errors != null, "errors: required (ErrorSchedule.NONE for none)");
    }

    /** Arguments without simulated errors ({@link ErrorSchedule#NONE}). */
    public JobArgs(
            String output,
            long rate,
            int keys,
            String version,
            long maxOutOfOrdernessMs,
            OptionalLong failAfterRecords) {
        this(
                output,
                rate,
                keys,
                version,
                maxOutOfOrdernessMs,
                failAfterRecords,
                ErrorSchedule.NONE);
    }

    /**
     * Parses {@code --key value} pairs; unknown keys are rejected.
     *
     * @throws IllegalArgumentException for an unknown key, a missing value or a bad number
     */
    public static JobArgs parse(String... args) {
        Map<String, String> values = pairs(args);
        return new JobArgs(
                values.get("output"),
                FlagValues.number(values, "rate", DEFAULT_RATE),
                (int) FlagValues.number(values, "keys", DEFAULT_KEYS),
                values.getOrDefault("version", DEFAULT_VERSION),
                FlagValues.number(
                        values, "max-out-of-orderness-ms", DEFAULT_MAX_OUT_OF_ORDERNESS_MS),
                values.containsKey("fail-after-records")
                        ? OptionalLong.of(FlagValues.number(values, "fail-after-records", 0))
                        : OptionalLong.empty(),
                errors(values));
    }

    /**
     * {@code --error-rate} errors per second from {@code --bad-after} on (counted from the run's
     * start, or from when the {@code --bad-when-file} appeared); {@code --bad-after} or {@code
     * --bad-when-file} alone means {@value #DEFAULT_BAD_ERROR_RATE} per second.
     */
    private static ErrorSchedule errors(Map<String, String> values) {
        Duration badAfter = FlagValues.duration(values, "bad-after", Duration.ZERO);
        boolean bad = values.containsKey("bad-after") || values.containsKey("bad-when-file");
        long rate = FlagValues.number(values, "error-rate", bad ? DEFAULT_BAD_ERROR_RATE : 0);
        return new ErrorSchedule(rate, badAfter, values.get("bad-when-file"));
    }

    /** These arguments with the fault set to fail after {@code records}. */
    public JobArgs withFailAfterRecords(long records) {
        return new JobArgs(
                output, rate, keys, version, maxOutOfOrdernessMs, OptionalLong.of(records), errors);
    }

    private static Map<String, String> pairs(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            String key = args[i];
            require(
                    key.startsWith("--"),
                    "argument " + i + ": expected --key, got \"" + key + "\"");
            require(i + 1 < args.length, key + ": missing value");
            String name = key.substring(2);
            require(KNOWN.containsKey(name), key + ": unknown argument, known: " + KNOWN.keySet());
            values.put(name, args[i + 1]);
        }
        return values;
    }

    private static final Map<String, Boolean> KNOWN =
            Map.of(
                    "bad-when-file", true,
                    "output", true,
                    "rate", true,
                    "keys", true,
                    "version", true,
                    "max-out-of-orderness-ms", true,
                    "fail-after-records", true,
                    "error-rate", true,
                    "bad-after", true);

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
