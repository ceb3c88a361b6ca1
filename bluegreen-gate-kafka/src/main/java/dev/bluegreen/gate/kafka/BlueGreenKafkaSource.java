package dev.bluegreen.gate.kafka;

import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;

/**
 * The one call of the cut by source position: {@code
 * KafkaSource.builder()...setDeserializer(BlueGreenKafkaSource.gated(schema, options))}.
 */
public final class BlueGreenKafkaSource {
    private BlueGreenKafkaSource() {}

    /**
     * Wraps the user's deserializer so that each record is decided by its topic, partition and
     * offset before it is deserialised; a record of the other colour is never deserialised.
     *
     * @param schema the user's deserializer
     * @param options colour, channel and source parallelism
     * @param <T> the produced type
     * @return the gated deserializer, to give to {@code KafkaSourceBuilder.setDeserializer}
     */
    public static <T> KafkaRecordDeserializationSchema<T> gated(
            KafkaRecordDeserializationSchema<T> schema, GatedSourceOptions options) {
        return new GatedDeserializationSchema<>(schema, options);
    }
}
