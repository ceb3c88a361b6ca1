package dev.bluegreen.kafka.example;

import dev.bluegreen.example.OutputAudit;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test support: every record of an output topic as written, read with {@code read_uncommitted} (a
 * reader that does not rely on transactions), with its Kafka key, partition and offset; and the
 * upsert view of it, the last line per Kafka key, which is what a compacted topic keeps once
 * compacted and what an upsert table keyed by the Kafka key holds.
 */
final class OutputLog {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** One record: its Kafka key (null for none), where it is, and its line. */
    record Entry(String key, int partition, long offset, OutputAudit.Line line) {}

    private OutputLog() {}

    /**
     * Every record of {@code topic} up to the end offsets at the time of the call, partition by
     * partition in offset order (call it when no job writes any more).
     *
     * @throws IllegalStateException when the topic cannot be read to its end within 60 s
     */
    static List<Entry> readUncommitted(String bootstrapServers, String topic) {
        try (KafkaConsumer<byte[], byte[]> consumer =
                KafkaOutputAudit.uncommittedReader(bootstrapServers, topic)) {
            List<TopicPartition> partitions = KafkaOutputAudit.partitions(consumer, topic);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            List<Entry> entries = new ArrayList<>();
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!KafkaOutputAudit.reachedEnd(consumer, end)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "reading " + topic + " to its end offsets " + end + " timed out");
                }
                for (ConsumerRecord<byte[], byte[]> record :
                        consumer.poll(Duration.ofMillis(200))) {
                    String key =
                            record.key() == null
                                    ? null
                                    : new String(record.key(), StandardCharsets.UTF_8);
                    entries.add(
                            new Entry(
                                    key,
                                    record.partition(),
                                    record.offset(),
                                    KafkaOutputAudit.line(record)));
                }
            }
            return entries;
        }
    }

    /**
     * The sum of the end offsets (high watermarks) of {@code topic}'s partitions: records written
     * so far, plus a commit or abort marker per transaction and partition for a transactional sink.
     */
    static long endOffsets(String bootstrapServers, String topic) {
        try (KafkaConsumer<byte[], byte[]> consumer =
                KafkaOutputAudit.uncommittedReader(bootstrapServers, topic)) {
            return consumer
                    .endOffsets(KafkaOutputAudit.partitions(consumer, topic))
                    .values()
                    .stream()
                    .mapToLong(Long::longValue)
                    .sum();
        }
    }

    /** The lines of {@code entries}, in the order given. */
    static List<OutputAudit.Line> lines(List<Entry> entries) {
        return entries.stream().map(Entry::line).toList();
    }

    /**
     * The last line per Kafka key, keys in the order of their first record.
     *
     * @throws IllegalArgumentException for a record without a key, or a key found in two partitions
     *     (then "last" is not defined, and compaction would keep both)
     */
    static Map<String, OutputAudit.Line> upsertView(List<Entry> entries) {
        Map<String, Integer> partitionOf = new HashMap<>();
        Map<String, Entry> last = new LinkedHashMap<>();
        for (Entry entry : entries) {
            if (entry.key() == null) {
                throw new IllegalArgumentException(
                        "record " + entry.partition() + "@" + entry.offset() + ": no Kafka key");
            }
            Integer partition = partitionOf.putIfAbsent(entry.key(), entry.partition());
            if (partition != null && partition != entry.partition()) {
                throw new IllegalArgumentException(
                        "key "
                                + entry.key()
                                + ": in partitions "
                                + partition
                                + " and "
                                + entry.partition());
            }
            last.merge(entry.key(), entry, (a, b) -> b.offset() > a.offset() ? b : a);
        }
        Map<String, OutputAudit.Line> view = new LinkedHashMap<>();
        last.forEach((key, entry) -> view.put(key, entry.line()));
        return view;
    }
}
