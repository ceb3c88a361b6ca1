package dev.bluegreen.demo.cluster;

import org.apache.kafka.common.TopicPartition;

/** Breaks the Kafka rule of {@code DemoArchitectureTest}, to prove it can fail. */
public final class UsesKafka {
    public TopicPartition partition() {
        return new TopicPartition("orders-out", 0);
    }
}
