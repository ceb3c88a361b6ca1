package dev.bluegreen.gate.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/** Test support: topics, end offsets, consumer groups' committed offsets, a feeder, a reader. */
final class Topics implements AutoCloseable {
    private final String bootstrap;
    private final Admin admin;

    Topics(String bootstrap) {
        this.bootstrap = bootstrap;
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        this.admin = Admin.create(props);
    }

    void create(String topic, int partitions) throws Exception {
        admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1)))
                .all()
                .get(30, TimeUnit.SECONDS);
    }

    Map<Integer, Long> endOffsets(String topic, int partitions) throws Exception {
        Map<TopicPartition, OffsetSpec> specs = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            specs.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        Map<Integer, Long> ends = new HashMap<>();
        admin.listOffsets(specs)
                .all()
                .get(30, TimeUnit.SECONDS)
                .forEach((tp, info) -> ends.put(tp.partition(), info.offset()));
        return ends;
    }

    /**
     * A consumer group's committed offsets by partition (the Kafka source commits them at
     * checkpoints).
     */
    Map<Integer, Long> committed(String group) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> offsets =
                admin.listConsumerGroupOffsets(group)
                        .partitionsToOffsetAndMetadata()
                        .get(30, TimeUnit.SECONDS);
        Map<Integer, Long> committed = new HashMap<>();
        offsets.forEach(
                (tp, o) -> {
                    if (o != null && tp.topic().equals(GatedKafkaHandoverIT.INPUT)) {
                        committed.put(tp.partition(), o.offset());
                    }
                });
        return committed;
    }

    boolean committedUpTo(String group, Map<Integer, Long> ends) throws Exception {
        Map<Integer, Long> committed = committed(group);
        return ends.entrySet().stream()
                .allMatch(
                        e ->
                                e.getValue() == 0
                                        || committed.getOrDefault(e.getKey(), 0L) >= e.getValue());
    }

    List<String> readCommitted(String topic) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        List<String> lines = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            TopicPartition tp = new TopicPartition(topic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            while (consumer.position(tp) < end) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    lines.add(r.value());
                }
            }
        }
        return lines;
    }

    Feeder feed(String topic, int idlePartition) {
        return new Feeder(topic, idlePartition);
    }

    @Override
    public void close() {
        admin.close();
    }

    /** Writes records to every partition but the idle one, round robin, until stopped. */
    final class Feeder implements AutoCloseable, Runnable {
        private final String topic;
        private final int idle;
        private final Thread thread = new Thread(this, "position-feeder");
        private volatile boolean running = true;
        private volatile Exception failure;

        Feeder(String topic, int idle) {
            this.topic = topic;
            this.idle = idle;
        }

        void start() {
            thread.start();
        }

        @Override
        public void run() {
            Properties props = new Properties();
            props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            props.put(ProducerConfig.ACKS_CONFIG, "all");
            props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            props.put(
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
                for (long n = 0; running; n++) {
                    int p = (int) (n % GatedKafkaHandoverIT.PARTITIONS);
                    if (p != idle) {
                        producer.send(new ProducerRecord<>(topic, p, null, "r" + n));
                    }
                    if (n % 20 == 0) {
                        producer.flush();
                        Thread.sleep(20);
                    }
                }
                producer.flush();
            } catch (Exception e) {
                failure = e;
            }
        }

        void stop() throws Exception {
            running = false;
            thread.join(30_000);
            if (failure != null) {
                throw failure;
            }
        }

        @Override
        public void close() throws Exception {
            if (running) {
                stop();
            }
        }
    }
}
