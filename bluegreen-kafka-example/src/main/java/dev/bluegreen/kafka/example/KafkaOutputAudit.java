package dev.bluegreen.kafka.example;

import dev.bluegreen.example.OutputAudit;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * Audits an output topic the way {@link OutputAudit} audits files: waits until no transaction is
 * open on any partition (the last stable offset reached the high watermark: every commit and abort
 * marker is written), then reads every committed line ({@code read_committed}) up to those offsets
 * and hands them to {@link OutputAudit#of}. Valid once no job writes any more (see {@link
 * OutputAudit}). A transaction that stays open (a job still writing, or one left behind until
 * {@code transaction.timeout.ms}) fails the audit instead of cutting it short. Stateless and
 * thread-safe.
 */
public final class KafkaOutputAudit {
    /** The longest a read may take. */
    public static final Duration TIMEOUT = Duration.ofSeconds(60);

    private KafkaOutputAudit() {}

    /**
     * Every committed line of {@code topic}, partition by partition in offset order.
     *
     * @throws IllegalArgumentException naming topic, partition and offset for a malformed line
     * @throws IllegalStateException naming the partitions with a transaction still open after
     *     {@link #TIMEOUT}, or that were not read to their end within {@link #TIMEOUT}
     */
    public static List<OutputAudit.Line> readCommitted(String bootstrapServers, String topic) {
        return readCommitted(bootstrapServers, topic, TIMEOUT);
    }

    /**
     * As {@link #readCommitted(String, String)}, waiting at most {@code settleTimeout} for open
     * transactions to end.
     *
     * @throws IllegalStateException naming the offsets when a transaction is still open after
     *     {@code settleTimeout}
     */
    public static List<OutputAudit.Line> readCommitted(
            String bootstrapServers, String topic, Duration settleTimeout) {
        try (KafkaConsumer<byte[], byte[]> consumer = committedReader(bootstrapServers, topic)) {
            List<TopicPartition> partitions = fromTheBeginning(consumer, topic);
            Map<TopicPartition, Long> end =
                    settledEnd(bootstrapServers, consumer, partitions, settleTimeout);
            return readTo(consumer, end, KafkaOutputAudit::line);
        }
    }

    /** Assigns every partition of {@code topic} to {@code consumer}, at its beginning. */
    static List<TopicPartition> fromTheBeginning(KafkaConsumer<?, ?> consumer, String topic) {
        List<TopicPartition> partitions = partitions(consumer, topic);
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        return partitions;
    }

    /**
     * The records {@code consumer} reads until its position reaches {@code end} on every partition,
     * each mapped by {@code parse}.
     *
     * @throws IllegalStateException naming the end offsets when that takes over {@link #TIMEOUT}
     */
    static <T> List<T> readTo(
            KafkaConsumer<byte[], byte[]> consumer,
            Map<TopicPartition, Long> end,
            Function<ConsumerRecord<byte[], byte[]>, T> parse) {
        List<T> values = new ArrayList<>();
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!reachedEnd(consumer, end)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "reading to the end offsets " + end + " took over " + TIMEOUT);
            }
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                values.add(parse.apply(record));
            }
        }
        return values;
    }

    /**
     * Audits the committed lines of {@code topic}: {@code OutputAudit.of(readCommitted(...))}.
     *
     * @throws IllegalArgumentException naming topic, partition and offset for a malformed line
     * @throws IllegalStateException when the topic cannot be read to its end within {@link
     *     #TIMEOUT}
     */
    public static OutputAudit.Audit audit(String bootstrapServers, String topic) {
        return OutputAudit.of(readCommitted(bootstrapServers, topic));
    }

    /** Parses a record's value as an output line; errors name topic, partition and offset. */
    static OutputAudit.Line line(ConsumerRecord<byte[], byte[]> record) {
        String where = record.topic() + "-" + record.partition() + "@" + record.offset();
        String text =
                record.value() == null ? "" : new String(record.value(), StandardCharsets.UTF_8);
        return OutputAudit.Line.parse(text, where);
    }

    /**
     * The end offsets once no transaction is open: the committed reader's end offsets (last stable
     * offsets) equal an uncommitted reader's (high watermarks). Right after a commit or an abort
     * returns, the broker may still be writing the markers, so this asks again every 100 ms.
     */
    static Map<TopicPartition, Long> settledEnd(
            String bootstrapServers,
            KafkaConsumer<?, ?> committed,
            List<TopicPartition> partitions,
            Duration timeout) {
        String topic = partitions.get(0).topic();
        try (KafkaConsumer<byte[], byte[]> uncommitted =
                uncommittedReader(bootstrapServers, topic)) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                Map<TopicPartition, Long> stable = committed.endOffsets(partitions);
                Map<TopicPartition, Long> written = uncommitted.endOffsets(partitions);
                if (stable.equals(written)) {
                    return stable;
                }
                if (System.nanoTime() > deadline) {
                    throw stillOpen(topic, timeout, stable, written);
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
            }
        }
    }

    private static IllegalStateException stillOpen(
            String topic, Duration timeout, Object stable, Object written) {
        return new IllegalStateException(
                topic
                        + ": a transaction is still open after "
                        + timeout
                        + " (last stable offsets "
                        + stable
                        + ", high watermarks "
                        + written
                        + "): a job still writes, or a transaction was left open");
    }

    /** A consumer of committed records only, without a group (nothing is committed). */
    static KafkaConsumer<byte[], byte[]> committedReader(String bootstrapServers, String topic) {
        return reader(bootstrapServers, topic, "read_committed");
    }

    /**
     * A consumer of every record written, open transactions included, without a group (nothing is
     * committed).
     */
    static KafkaConsumer<byte[], byte[]> uncommittedReader(String bootstrapServers, String topic) {
        return reader(bootstrapServers, topic, "read_uncommitted");
    }

    private static KafkaConsumer<byte[], byte[]> reader(
            String bootstrapServers, String topic, String isolation) {
        return new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ConsumerConfig.CLIENT_ID_CONFIG,
                        "audit-" + topic + "-" + UUID.randomUUID(),
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        isolation,
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false,
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest"),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
    }

    /**
     * Every partition of {@code topic}. Right after a topic is created the broker may not list it
     * yet, so this asks again (every 100 ms) for up to {@link #TIMEOUT}.
     */
    static List<TopicPartition> partitions(KafkaConsumer<?, ?> consumer, String topic) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (true) {
            var infos = consumer.partitionsFor(topic, TIMEOUT);
            if (infos != null && !infos.isEmpty()) {
                return infos.stream().map(i -> new TopicPartition(topic, i.partition())).toList();
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "topic "
                                + topic
                                + ": no partitions after "
                                + TIMEOUT
                                + " (does it exist?)");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
    }

    /** Whether {@code consumer}'s position is at or past {@code end} on every partition. */
    static boolean reachedEnd(KafkaConsumer<?, ?> consumer, Map<TopicPartition, Long> end) {
        for (Map.Entry<TopicPartition, Long> entry : end.entrySet()) {
            if (consumer.position(entry.getKey()) < entry.getValue()) {
                return false;
            }
        }
        return true;
    }
}
