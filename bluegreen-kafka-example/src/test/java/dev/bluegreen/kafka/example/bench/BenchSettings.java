package dev.bluegreen.kafka.example.bench;

import java.util.List;

/**
 * Benchmark support: the settings of {@link KafkaHandoverLatencyBenchmark}, from its arguments.
 *
 * @param runs runs per retirement mode
 * @param retireModes {@code savepoint} and/or {@code cancel}
 * @param rate input records per second
 * @param keys number of keys
 * @param checkpointMs checkpoint interval of both jobs, ms
 * @param blueAloneSeconds blue runs alone this long before the savepoint
 * @param greenAloneSeconds green runs alone this long after blue is retired
 * @param marginMs cutover margin after the latest reported event time, ms
 * @param catchUpMs green's watermark must be within this of blue's before the proposal, ms
 */
record BenchSettings(
        int runs,
        List<String> retireModes,
        long rate,
        int keys,
        long checkpointMs,
        long blueAloneSeconds,
        long greenAloneSeconds,
        long marginMs,
        long catchUpMs) {

    /**
     * Parses {@code --name value} pairs; every flag has a default.
     *
     * @throws IllegalArgumentException naming the flag when a value is not a number or unknown
     */
    static BenchSettings parse(String[] args) {
        String retire = arg(args, "--retire", "both");
        List<String> modes =
                switch (retire) {
                    case "both" -> List.of("savepoint", "cancel");
                    case "savepoint", "cancel" -> List.of(retire);
                    default ->
                            throw new IllegalArgumentException(
                                    "--retire: expected savepoint, cancel or both, got \""
                                            + retire
                                            + "\"");
                };
        return new BenchSettings(
                (int) number(args, "--runs", 3),
                modes,
                number(args, "--rate", 200),
                (int) number(args, "--keys", 16),
                number(args, "--checkpoint-ms", 1_000),
                number(args, "--blue-alone-s", 10),
                number(args, "--green-alone-s", 10),
                number(args, "--margin-ms", 3_000),
                number(args, "--catch-up-ms", 5_000));
    }

    private static long number(String[] args, String flag, long fallback) {
        String value = arg(args, flag, Long.toString(fallback));
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    flag + ": expected an integer, got \"" + value + "\"", e);
        }
    }

    private static String arg(String[] args, String flag, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(flag)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
