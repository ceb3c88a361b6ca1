package dev.bluegreen.kafka.example;

import dev.bluegreen.kafka.example.KafkaJobArgs.RecordKey;

import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;

import org.apache.kafka.clients.producer.ProducerRecord;

import java.nio.charset.StandardCharsets;

/**
 * Writes an output line ({@code id,key,eventTimeMillis,perKeyCount,version}, see {@code
 * PerKeyCounter.line}) to the output topic: value = the line, Kafka timestamp = the record's event
 * time, Kafka key = the line's key field, its id field, or none ({@link RecordKey}). The partition
 * is left to the producer (by key). Stateless.
 */
final class LineSerializer implements KafkaRecordSerializationSchema<String> {
    private static final long serialVersionUID = 1L;

    private final String topic;
    private final RecordKey recordKey;

    /** A serializer that keys each record by the line's event key (the default). */
    LineSerializer(String topic) {
        this(topic, RecordKey.KEY);
    }

    LineSerializer(String topic, RecordKey recordKey) {
        this.topic = topic;
        this.recordKey = recordKey;
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(
            String line, KafkaSinkContext context, Long timestamp) {
        String key = key(line);
        return new ProducerRecord<>(
                topic,
                null,
                timestamp,
                key == null ? null : key.getBytes(StandardCharsets.UTF_8),
                line.getBytes(StandardCharsets.UTF_8));
    }

    /** The record key of {@code line} by {@link #recordKey}: its id, its key, or none. */
    private String key(String line) {
        int first = line.indexOf(',');
        int second = line.indexOf(',', first + 1);
        if (first < 0 || second < 0) {
            throw new IllegalArgumentException(
                    "output line: expected id,key,eventTimeMillis,perKeyCount,version, got \""
                            + line
                            + "\"");
        }
        return switch (recordKey) {
            case ID -> line.substring(0, first);
            case KEY -> line.substring(first + 1, second);
            case NONE -> null;
        };
    }
}
