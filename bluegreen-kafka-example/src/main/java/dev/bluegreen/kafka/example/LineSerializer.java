package dev.bluegreen.kafka.example;

import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;

import org.apache.kafka.clients.producer.ProducerRecord;

import java.nio.charset.StandardCharsets;

/**
 * Writes an output line ({@code id,key,eventTimeMillis,perKeyCount,version}, see {@code
 * PerKeyCounter.line}) to the output topic: Kafka key = the line's key field, value = the line,
 * Kafka timestamp = the record's event time. The partition is left to the producer (by key).
 * Stateless.
 */
final class LineSerializer implements KafkaRecordSerializationSchema<String> {
    private static final long serialVersionUID = 1L;

    private final String topic;

    LineSerializer(String topic) {
        this.topic = topic;
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(
            String line, KafkaSinkContext context, Long timestamp) {
        int first = line.indexOf(',');
        int second = line.indexOf(',', first + 1);
        if (first < 0 || second < 0) {
            throw new IllegalArgumentException(
                    "output line: expected id,key,eventTimeMillis,perKeyCount,version, got \""
                            + line
                            + "\"");
        }
        byte[] key = line.substring(first + 1, second).getBytes(StandardCharsets.UTF_8);
        return new ProducerRecord<>(
                topic, null, timestamp, key, line.getBytes(StandardCharsets.UTF_8));
    }
}
