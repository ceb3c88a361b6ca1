package dev.bluegreen.kafka.example;

import dev.bluegreen.example.Event;
import dev.bluegreen.example.OutputAudit;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** The feeder, the audit and the tail against a real broker. */
class FeederAndAuditIT extends BrokerPerClass {

    @Test
    void feederWritesTheGeneratorsRecordsInIdOrderPerPartition() throws Exception {
        // Given a feeder at 200 records/s over 8 keys
        KafkaPipeline.TopicPair topics = pipeline.freshTopics("feeder");
        InputFeeder feeder =
                InputFeeder.start(pipeline.bootstrapServers(), topics.input(), 4, 200, 8);
        long started = System.currentTimeMillis();

        // When it has sent 300 records and is closed
        await("300 sent").atMost(Duration.ofSeconds(30)).until(() -> feeder.sent() >= 300);
        feeder.close();
        long elapsed = System.currentTimeMillis() - started;

        // Then the topic holds exactly ids 0..sent-1: the generator's records, each key on its
        // partition, in id order per partition, the event time as the Kafka timestamp
        List<ConsumerRecord<byte[], byte[]>> records = readAll(topics.input());
        assertThat(records).hasSize((int) feeder.sent());
        Map<Integer, Long> lastIdPerPartition = new HashMap<>();
        for (ConsumerRecord<byte[], byte[]> record : records) {
            Event event = InputRecords.parse(record.value(), "record");
            assertThat(event).isEqualTo(feeder.generator().eventAt(event.id));
            assertThat(record.partition()).isEqualTo(InputRecords.partition(event.key, 4));
            assertThat(record.timestamp()).isEqualTo(event.eventTime);
            assertThat(new String(record.key(), StandardCharsets.UTF_8)).isEqualTo(event.key);
            Long previous = lastIdPerPartition.put(record.partition(), event.id);
            assertThat(previous == null || previous < event.id).as("id order").isTrue();
        }
        assertThat(lastIdPerPartition).hasSize(4);
        // and at the rate: 300 records at 200/s take about 1.5 s
        assertThat(elapsed).isGreaterThanOrEqualTo(1_400);
        assertThat(feeder.sentAtMillis(299) - feeder.sentAtMillis(0)).isBetween(1_400L, 3_000L);
        assertThatThrownBy(() -> feeder.sentAtMillis(feeder.sent()))
                .hasMessageStartingWith("id: expected 0..");
    }

    @Test
    void auditFailsWhileATransactionIsStillOpen() throws Exception {
        // Given an output topic with a committed line and a transaction left open
        KafkaPipeline.TopicPair topics = pipeline.freshTopics("open");
        try (KafkaProducer<byte[], byte[]> producer = transactionalProducer()) {
            producer.initTransactions();
            producer.beginTransaction();
            send(producer, topics.output(), "0,k0,1000,1,v1");
            producer.commitTransaction();
            producer.beginTransaction();
            send(producer, topics.output(), "1,k1,1001,1,v1");
            producer.flush();

            // When the audit reads it, Then it refuses to count a topic that may still change
            assertThatThrownBy(
                            () ->
                                    KafkaOutputAudit.readCommitted(
                                            pipeline.bootstrapServers(),
                                            topics.output(),
                                            Duration.ofSeconds(2)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(topics.output() + ": a transaction is still open");
            producer.abortTransaction();
        }
    }

    @Test
    void auditReadsCommittedLinesOnlyAndTheTailSeesThem() throws Exception {
        // Given an output topic with one committed and one aborted transaction, and a tail
        KafkaPipeline.TopicPair topics = pipeline.freshTopics("audit");
        try (OutputTail tail = OutputTail.start(pipeline.bootstrapServers(), topics.output());
                KafkaProducer<byte[], byte[]> producer = transactionalProducer()) {
            producer.initTransactions();
            producer.beginTransaction();
            send(producer, topics.output(), "0,k0,1000,1,v1");
            send(producer, topics.output(), "1,k1,1001,1,v1");
            producer.commitTransaction();
            producer.beginTransaction();
            send(producer, topics.output(), "2,k2,1002,1,v1");
            producer.abortTransaction();

            // When the audit reads the topic
            OutputAudit.Audit audit =
                    KafkaOutputAudit.audit(pipeline.bootstrapServers(), topics.output());

            // Then only the committed lines count, and the tail saw them live
            assertThat(audit.recordsOut()).isEqualTo(2);
            assertThat(audit.lost()).isZero();
            assertThat(audit.outByVersion()).containsEntry("v1", 2L);
            await("tail saw both").atMost(Duration.ofSeconds(30)).until(() -> tail.distinct() == 2);
            assertThat(tail.firstSeenAtMillis(1)).isPresent();
            assertThat(tail.firstSeenAtMillis(2)).isEmpty();
            assertThat(tail.linesOf("v1")).isEqualTo(2);
        }
    }

    @Test
    void malformedOutputLineNamesTopicPartitionAndOffset() throws Exception {
        KafkaPipeline.TopicPair topics = pipeline.freshTopics("malformed");
        try (KafkaProducer<byte[], byte[]> producer = transactionalProducer()) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(
                    new ProducerRecord<>(
                            topics.output(),
                            2,
                            null,
                            "not,a,line".getBytes(StandardCharsets.UTF_8)));
            producer.commitTransaction();
        }

        assertThatThrownBy(
                        () ->
                                KafkaOutputAudit.readCommitted(
                                        pipeline.bootstrapServers(), topics.output()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        topics.output() + "-2@0: expected 5 comma-separated fields");
    }

    private static KafkaProducer<byte[], byte[]> transactionalProducer() {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        pipeline.bootstrapServers(),
                        ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                        "audit-it-" + System.nanoTime()),
                new ByteArraySerializer(),
                new ByteArraySerializer());
    }

    private static void send(KafkaProducer<byte[], byte[]> producer, String topic, String line) {
        producer.send(new ProducerRecord<>(topic, null, line.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<ConsumerRecord<byte[], byte[]>> readAll(String topic) {
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer =
                KafkaOutputAudit.committedReader(pipeline.bootstrapServers(), topic)) {
            var partitions = KafkaOutputAudit.partitions(consumer, topic);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<?, Long> end = consumer.endOffsets(partitions);
            long total = end.values().stream().mapToLong(Long::longValue).sum();
            await("read " + total)
                    .atMost(Duration.ofSeconds(30))
                    .until(
                            () -> {
                                consumer.poll(Duration.ofMillis(100)).forEach(records::add);
                                return records.size() >= total;
                            });
        }
        return records;
    }
}
