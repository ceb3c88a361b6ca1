package dev.bluegreen.kafka.example;

import dev.bluegreen.example.FlagValues;
import dev.bluegreen.gate.flink.ColorScope;

import org.apache.flink.connector.base.DeliveryGuarantee;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Arguments of {@link KafkaCountingJob}, as {@code --key value} pairs.
 *
 * @param bootstrapServers {@code --bootstrap-servers}, required, e.g. {@code localhost:9092}
 * @param inputTopic {@code --input-topic} (default {@value #DEFAULT_INPUT_TOPIC})
 * @param outputTopic {@code --output-topic} (default {@value #DEFAULT_OUTPUT_TOPIC})
 * @param version {@code --version}, label written into every output line (default {@value
 *     #DEFAULT_VERSION})
 * @param group {@code --group}, the consumer group id (default {@code orders-<colour>}, see {@link
 *     #groupId})
 * @param transactionalIdPrefix {@code --transactional-id-prefix} (default {@code
 *     orders-out-<colour>}, see {@link #transactionalIdPrefix(ColorScope)}); exactly-once only
 * @param sinkUid {@code --sink-uid}, the Kafka sink's operator uid (default {@code
 *     kafka-sink-<colour>}, see {@link #sinkUid}). Both colours with the same uid bring back the
 *     restore-fencing hazard (docs/sinks.md); the option exists for the test that shows it.
 * @param transactionTimeoutMs {@code --transaction-timeout-ms}, the producers' {@code
 *     transaction.timeout.ms} (default 300000; at most the broker's {@code
 *     transaction.max.timeout.ms}, 900000 by default); exactly-once only
 * @param maxOutOfOrdernessMs {@code --max-out-of-orderness-ms}, the watermark's bound (default 200)
 * @param sourceIdleMs {@code --source-idle-ms}: a partition without records for this long stops
 *     holding back the watermark (default 5000)
 * @param failAfterRecords {@code --fail-after-records}: when present, each source subtask's fault
 *     throws after this many records of one run
 * @param deliveryGuarantee {@code --delivery-guarantee exactly-once|at-least-once} (default {@code
 *     exactly-once}): the Kafka sink's guarantee. At-least-once writes without transactions (no
 *     prefix, no transaction timeout) and flushes on every checkpoint.
 * @param recordKey {@code --record-key id|key|none} (default {@code key}): the Kafka key of each
 *     output record, see {@link RecordKey}
 * @param maxRecordsPerSecond {@code --max-records-per-second}: when present, each source subtask
 *     reads at most this many records per second (a throttle chained to the source; its backlog
 *     grows when the input is faster)
 * @param maxPartitionFetchBytes {@code --max-partition-fetch-bytes}: when present, the source's
 *     Kafka consumer {@code max.partition.fetch.bytes} (Kafka's default 1 MiB). The source's {@code
 *     pendingRecords} counts only what the consumer has not fetched yet, so a small value keeps a
 *     backpressured source from hiding its backlog in the consumer's buffer
 * @param failWhenFile {@code --fail-when-file}: when present, the job throws, in every run, once
 *     this file exists ({@link FailWhenFile}); with no restart strategy it ends FAILED for good
 */
public record KafkaJobArgs(
        String bootstrapServers,
        String inputTopic,
        String outputTopic,
        String version,
        Optional<String> group,
        Optional<String> transactionalIdPrefix,
        Optional<String> sinkUid,
        long transactionTimeoutMs,
        long maxOutOfOrdernessMs,
        long sourceIdleMs,
        OptionalLong failAfterRecords,
        DeliveryGuarantee deliveryGuarantee,
        RecordKey recordKey,
        OptionalLong maxRecordsPerSecond,
        OptionalLong maxPartitionFetchBytes,
        Optional<String> failWhenFile) {

    /** Default input topic. */
    public static final String DEFAULT_INPUT_TOPIC = "orders-in";

    /** Default output topic. */
    public static final String DEFAULT_OUTPUT_TOPIC = "orders-out";

    /** Default version label. */
    public static final String DEFAULT_VERSION = "v1";

    /** Base of the default group id, scoped by colour. */
    public static final String GROUP_BASE = "orders";

    /** Base of the default transactional-id prefix, scoped by colour. */
    public static final String PREFIX_BASE = "orders-out";

    /** Base of the default sink uid, scoped by colour. */
    public static final String SINK_UID_BASE = "kafka-sink";

    /** Default {@code transaction.timeout.ms}: 5 minutes. */
    public static final long DEFAULT_TRANSACTION_TIMEOUT_MS = 300_000;

    /** Default watermark out-of-orderness bound, milliseconds. */
    public static final long DEFAULT_MAX_OUT_OF_ORDERNESS_MS = 200;

    /** Default source idleness, milliseconds. */
    public static final long DEFAULT_SOURCE_IDLE_MS = 5_000;

    private static final List<String> KNOWN =
            List.of(
                    "bootstrap-servers",
                    "input-topic",
                    "output-topic",
                    "version",
                    "group",
                    "transactional-id-prefix",
                    "sink-uid",
                    "transaction-timeout-ms",
                    "max-out-of-orderness-ms",
                    "source-idle-ms",
                    "fail-after-records",
                    "delivery-guarantee",
                    "record-key",
                    "max-records-per-second",
                    "max-partition-fetch-bytes",
                    "fail-when-file");

    private static final Map<String, DeliveryGuarantee> GUARANTEES =
            Map.of(
                    "exactly-once", DeliveryGuarantee.EXACTLY_ONCE,
                    "at-least-once", DeliveryGuarantee.AT_LEAST_ONCE);

    /** The Kafka key of an output record: which field of the line, or none. */
    public enum RecordKey {
        /**
         * The record id: one Kafka key per input record, so a compacted topic or an upsert table
         * keeps one line per record (the last written).
         */
        ID,
        /** The event key ({@code k0}, {@code k1}, ...): the default; one partition per key. */
        KEY,
        /** No key: the producer spreads the records over the partitions. */
        NONE;

        /** The flag value: {@code id}, {@code key} or {@code none}. */
        public String flagValue() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Validates the values.
     *
     * @throws IllegalArgumentException naming the flag that is missing or out of range
     */
    public KafkaJobArgs {
        requireNames(
                bootstrapServers,
                inputTopic,
                outputTopic,
                version,
                group,
                transactionalIdPrefix,
                sinkUid);
        requireTimes(transactionTimeoutMs, maxOutOfOrdernessMs, sourceIdleMs);
        requireOutput(deliveryGuarantee, recordKey, failAfterRecords);
        requirePositive("--max-records-per-second", maxRecordsPerSecond);
        requirePositive("--max-partition-fetch-bytes", maxPartitionFetchBytes);
        require(failWhenFile != null, "--fail-when-file: null");
        failWhenFile.ifPresent(
                path -> require(!path.isBlank(), "--fail-when-file: must not be blank"));
    }

    private static void requireNames(
            String bootstrapServers,
            String inputTopic,
            String outputTopic,
            String version,
            Optional<String> group,
            Optional<String> transactionalIdPrefix,
            Optional<String> sinkUid) {
        require(
                bootstrapServers != null && !bootstrapServers.isBlank(),
                "--bootstrap-servers: required");
        requireName("--input-topic", inputTopic);
        requireName("--output-topic", outputTopic);
        requireName("--version", version);
        group.ifPresent(value -> requireName("--group", value));
        transactionalIdPrefix.ifPresent(value -> requireName("--transactional-id-prefix", value));
        sinkUid.ifPresent(value -> requireName("--sink-uid", value));
    }

    private static void requireTimes(
            long transactionTimeoutMs, long maxOutOfOrdernessMs, long sourceIdleMs) {
        require(
                transactionTimeoutMs > 0,
                "--transaction-timeout-ms: expected a positive number, got "
                        + transactionTimeoutMs);
        require(
                maxOutOfOrdernessMs >= 0,
                "--max-out-of-orderness-ms: expected >= 0, got " + maxOutOfOrdernessMs);
        require(
                sourceIdleMs > 0,
                "--source-idle-ms: expected a positive number, got " + sourceIdleMs);
    }

    private static void requireOutput(
            DeliveryGuarantee deliveryGuarantee,
            RecordKey recordKey,
            OptionalLong failAfterRecords) {
        requirePositive("--fail-after-records", failAfterRecords);
        require(
                deliveryGuarantee == DeliveryGuarantee.EXACTLY_ONCE
                        || deliveryGuarantee == DeliveryGuarantee.AT_LEAST_ONCE,
                "--delivery-guarantee: expected exactly-once or at-least-once, got "
                        + deliveryGuarantee);
        require(recordKey != null, "--record-key: required");
    }

    private static void requirePositive(String flag, OptionalLong value) {
        require(value.isEmpty() || value.getAsLong() > 0, flag + ": expected a positive number");
    }

    /**
     * Parses {@code --key value} pairs; unknown keys are rejected.
     *
     * @throws IllegalArgumentException naming the flag for an unknown flag, a missing value, a bad
     *     number or a value out of range
     */
    public static KafkaJobArgs parse(String... args) {
        Map<String, String> values = pairs(args);
        return new KafkaJobArgs(
                values.get("bootstrap-servers"),
                values.getOrDefault("input-topic", DEFAULT_INPUT_TOPIC),
                values.getOrDefault("output-topic", DEFAULT_OUTPUT_TOPIC),
                values.getOrDefault("version", DEFAULT_VERSION),
                Optional.ofNullable(values.get("group")),
                Optional.ofNullable(values.get("transactional-id-prefix")),
                Optional.ofNullable(values.get("sink-uid")),
                FlagValues.number(values, "transaction-timeout-ms", DEFAULT_TRANSACTION_TIMEOUT_MS),
                FlagValues.number(
                        values, "max-out-of-orderness-ms", DEFAULT_MAX_OUT_OF_ORDERNESS_MS),
                FlagValues.number(values, "source-idle-ms", DEFAULT_SOURCE_IDLE_MS),
                optionalNumber(values, "fail-after-records"),
                guarantee(values.getOrDefault("delivery-guarantee", "exactly-once")),
                recordKey(values.getOrDefault("record-key", RecordKey.KEY.flagValue())),
                optionalNumber(values, "max-records-per-second"),
                optionalNumber(values, "max-partition-fetch-bytes"),
                Optional.ofNullable(values.get("fail-when-file")));
    }

    /** The consumer group id: {@code --group}, else {@code orders-<colour>} ({@code orders}). */
    public String groupId(ColorScope scope) {
        return group.orElseGet(() -> scope.scoped(GROUP_BASE));
    }

    /**
     * The transactional-id prefix: {@code --transactional-id-prefix}, else {@code
     * orders-out-<colour>} ({@code orders-out} without a colour).
     */
    public String transactionalIdPrefix(ColorScope scope) {
        return transactionalIdPrefix.orElseGet(() -> scope.scoped(PREFIX_BASE));
    }

    /**
     * The sink's uid: {@code --sink-uid}, else {@code kafka-sink-<colour>} ({@code kafka-sink}).
     */
    public String sinkUid(ColorScope scope) {
        return sinkUid.orElseGet(() -> scope.scoped(SINK_UID_BASE));
    }

    /** These arguments with the fault set to fail after {@code records}. */
    public KafkaJobArgs withFailAfterRecords(long records) {
        return new KafkaJobArgs(
                bootstrapServers,
                inputTopic,
                outputTopic,
                version,
                group,
                transactionalIdPrefix,
                sinkUid,
                transactionTimeoutMs,
                maxOutOfOrdernessMs,
                sourceIdleMs,
                OptionalLong.of(records),
                deliveryGuarantee,
                recordKey,
                maxRecordsPerSecond,
                maxPartitionFetchBytes,
                failWhenFile);
    }

    private static Map<String, String> pairs(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            String key = args[i];
            require(
                    key != null && key.startsWith("--"),
                    "argument " + i + ": expected --key, got \"" + key + "\"");
            require(i + 1 < args.length, key + ": missing value");
            String name = key.substring(2);
            require(KNOWN.contains(name), key + ": unknown argument, known: " + KNOWN);
            require(!values.containsKey(name), key + ": given twice");
            values.put(name, args[i + 1]);
        }
        return values;
    }

    private static OptionalLong optionalNumber(Map<String, String> values, String flag) {
        return values.containsKey(flag)
                ? OptionalLong.of(FlagValues.number(values, flag, 0))
                : OptionalLong.empty();
    }

    private static DeliveryGuarantee guarantee(String value) {
        DeliveryGuarantee guarantee = GUARANTEES.get(value.strip());
        require(
                guarantee != null,
                "--delivery-guarantee: expected exactly-once or at-least-once, got \""
                        + value
                        + "\"");
        return guarantee;
    }

    private static RecordKey recordKey(String value) {
        for (RecordKey key : RecordKey.values()) {
            if (key.flagValue().equals(value.strip())) {
                return key;
            }
        }
        throw new IllegalArgumentException(
                "--record-key: expected id, key or none, got \"" + value + "\"");
    }

    private static void requireName(String flag, String value) {
        require(value != null && !value.isBlank(), flag + ": must not be blank");
        require(
                value.matches("[A-Za-z0-9._-]+"),
                flag + ": letters, digits, . _ - only, got \"" + value + "\"");
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
