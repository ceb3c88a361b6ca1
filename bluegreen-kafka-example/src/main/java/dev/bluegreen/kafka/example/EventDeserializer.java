package dev.bluegreen.kafka.example;

import dev.bluegreen.example.Event;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;

import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Reads the input topic's records ({@link InputRecords}) as {@link Event}s. A malformed record
 * fails the job with its topic, partition and offset named. Stateless.
 */
final class EventDeserializer implements KafkaRecordDeserializationSchema<Event> {
    private static final long serialVersionUID = 1L;

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<Event> out) {
        String where = record.topic() + "-" + record.partition() + "@" + record.offset();
        out.collect(InputRecords.parse(record.value(), where));
    }

    @Override
    public TypeInformation<Event> getProducedType() {
        return TypeInformation.of(Event.class);
    }
}
