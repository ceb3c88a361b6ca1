package dev.bluegreen.gate.table.bench;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Benchmark support for {@link SqlKafkaThroughputProgram}: creates and deletes single-partition
 * topics, fills the input topic and reads a topic's committed end offset, with the job side's
 * kafka-clients against the real broker. Every call blocks, at most 60 s per broker request.
 */
final class KafkaBenchTopics implements AutoCloseable {
    /** Event time of record 0, epoch ms (2026-01-01T00:00:00Z); record i has {@code EPOCH + i}. */
    static final long EPOCH_MS = 1_767_225_600_000L;

    /** Distinct keys ({@code k0} .. {@code k99}). */
    static final int KEYS = 100;

    private static final long TIMEOUT_S = 60;
    private final String bootstrapServers;
    private final Admin admin;

    KafkaBenchTopics(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        this.admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
    }

    /** Creates {@code topic}: one partition, one replica, no time-based retention. */
    void create(String topic) throws Exception {
        NewTopic spec = new NewTopic(topic, 1, (short) 1).configs(Map.of("retention.ms", "-1"));
        admin.createTopics(List.of(spec)).all().get(TIMEOUT_S, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        while (!hasLeader(topic)) {
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("topic " + topic + " has no leader after 60 s");
            }
            Thread.sleep(100);
        }
    }

    private boolean hasLeader(String topic) throws InterruptedException, TimeoutException {
        try {
            var description =
                    admin.describeTopics(List.of(topic))
                            .allTopicNames()
                            .get(TIMEOUT_S, TimeUnit.SECONDS)
                            .get(topic);
            return description.partitions().stream().allMatch(p -> p.leader() != null);
        } catch (ExecutionException e) {
            return false; // not yet in the broker's metadata
        }
    }

    /** Deletes {@code topic} (its log goes with it). */
    void delete(String topic) throws Exception {
        admin.deleteTopics(List.of(topic)).all().get(TIMEOUT_S, TimeUnit.SECONDS);
    }

    /**
     * Writes {@code rows} csv records {@code id,key,eventTimeMs} (id 0 .. rows - 1, key {@code k<id
     * mod 100>}, event time {@link #EPOCH_MS} + id) to {@code topic}, acks all, and flushes.
     */
    void fill(String topic, long rows) {
        Map<String, Object> config =
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.LINGER_MS_CONFIG,
                        20,
                        ProducerConfig.BATCH_SIZE_CONFIG,
                        262_144);
        try (var producer =
                new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            for (long id = 0; id < rows; id++) {
                String line = id + ",k" + (id % KEYS) + "," + (EPOCH_MS + id);
                producer.send(new ProducerRecord<>(topic, null, line));
            }
            producer.flush();
        }
    }

    /**
     * The offset after the last committed record of {@code topic}'s partition 0 (read_committed:
     * the last stable offset). Records plus one transaction marker per committed transaction.
     */
    long committedEndOffset(String topic) throws Exception {
        TopicPartition partition = new TopicPartition(topic, 0);
        var options =
                new org.apache.kafka.clients.admin.ListOffsetsOptions(
                        IsolationLevel.READ_COMMITTED);
        return admin.listOffsets(Map.of(partition, OffsetSpec.latest()), options)
                .partitionResult(partition)
                .get(TIMEOUT_S, TimeUnit.SECONDS)
                .offset();
    }

    @Override
    public void close() {
        admin.close();
    }
}
