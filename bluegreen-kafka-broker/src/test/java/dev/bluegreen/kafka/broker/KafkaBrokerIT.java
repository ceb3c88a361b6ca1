package dev.bluegreen.kafka.broker;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A real broker in a child JVM, driven with the job side's client (kafka-clients 3.4.0; the
 * failsafe configuration swaps it in for the broker's 4.4.0).
 */
class KafkaBrokerIT {

    private static final String TOPIC = "orders";

    @TempDir static Path workDir;

    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() throws IOException {
        long started = System.nanoTime();
        broker = KafkaBroker.start(workDir);
        System.out.printf("KafkaBrokerIT: broker ready in %d ms%n", millisSince(started));
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @Test
    void talksToTheBrokerWithTheJobSidesClientVersion() throws Exception {
        Path clientJar =
                Path.of(
                        KafkaProducer.class
                                .getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .toURI());

        assertThat(clientJar).hasFileName("kafka-clients-3.4.0.jar");
    }

    @Test
    void logsTheReadyLineToItsLogFile() throws IOException {
        assertThat(broker.logFile()).isRegularFile().hasFileName("broker.log");
        assertThat(Files.readString(broker.logFile())).contains(Readiness.READY_LINE);
        assertThat(broker.bootstrapServers()).matches("localhost:\\d+");
    }

    @Test
    void readCommittedConsumerSeesExactlyTheCommittedTransactions() throws Exception {
        createTopic(TOPIC, 3);
        List<String> committed = new ArrayList<>();
        try (KafkaProducer<String, String> producer = transactionalProducer("it-tx")) {
            producer.initTransactions();
            committed.addAll(sendInTransaction(producer, "first", 20, true));
            sendInTransaction(producer, "aborted", 20, false);
            committed.addAll(sendInTransaction(producer, "second", 20, true));
        }

        List<String> seen = readCommittedToEnd(TOPIC, 3);

        assertThat(seen).hasSize(40).containsExactlyInAnyOrderElementsOf(committed);
    }

    @Test
    void closeStopsTheBrokerAndFreesItsPort() throws IOException {
        long starting = System.nanoTime();
        KafkaBroker second = KafkaBroker.start(workDir);
        System.out.printf("KafkaBrokerIT: second broker ready in %d ms%n", millisSince(starting));
        int port = Integer.parseInt(second.bootstrapServers().substring("localhost:".length()));
        assertThat(LoopbackPorts.accepts(port)).isTrue();

        long stopping = System.nanoTime();
        second.close();
        System.out.printf("KafkaBrokerIT: broker stopped in %d ms%n", millisSince(stopping));
        second.close();

        assertThat(LoopbackPorts.accepts(port)).isFalse();
        assertThat(Files.readString(second.logFile())).contains("shutting down");
    }

    @Test
    void reportsAPortThatIsAlreadyTakenSoThatStartCanPickOthers() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            BrokerFiles files = BrokerFiles.createUnder(workDir);
            BrokerCommands commands =
                    new BrokerCommands(
                            BrokerCommands.currentJava(),
                            BrokerClasspath.join(
                                    BrokerClasspath.load(
                                            KafkaBroker.class.getClassLoader(),
                                            BrokerClasspath.RESOURCE)));
            int[] free = LoopbackPorts.twoFree();
            BrokerSettings settings =
                    new BrokerSettings(taken.getLocalPort(), free[0], files.dataDir());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);

            assertThatThrownBy(() -> KafkaBroker.startOnce(files, commands, settings, deadline))
                    .isInstanceOf(Readiness.PortTaken.class)
                    .hasMessageContaining("log " + files.brokerLog())
                    .hasMessageContaining(Readiness.BIND_FAILURE);
        }
    }

    private static void createTopic(String topic, int partitions)
            throws InterruptedException, ExecutionException {
        Properties config = new Properties();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        try (Admin admin = Admin.create(config)) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
        }
    }

    private static KafkaProducer<String, String> transactionalProducer(String transactionalId) {
        Properties config = new Properties();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        return new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
    }

    private static List<String> sendInTransaction(
            KafkaProducer<String, String> producer, String batch, int count, boolean commit) {
        List<String> values = new ArrayList<>();
        producer.beginTransaction();
        for (int i = 0; i < count; i++) {
            String value = batch + "-" + i;
            producer.send(new ProducerRecord<>(TOPIC, "key-" + i, value));
            values.add(value);
        }
        if (commit) {
            producer.commitTransaction();
        } else {
            producer.flush();
            producer.abortTransaction();
        }
        return values;
    }

    /** Reads every partition from the start up to its last stable offset. */
    private static List<String> readCommittedToEnd(String topic, int partitions) {
        List<TopicPartition> assigned = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            assigned.add(new TopicPartition(topic, p));
        }
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = readCommittedConsumer()) {
            consumer.assign(assigned);
            consumer.seekToBeginning(assigned);
            Map<TopicPartition, Long> end = consumer.endOffsets(assigned);
            Awaitility.await()
                    .atMost(30, TimeUnit.SECONDS)
                    .until(
                            () -> {
                                for (ConsumerRecord<String, String> record :
                                        consumer.poll(Duration.ofMillis(200))) {
                                    values.add(record.value());
                                }
                                return assigned.stream()
                                        .allMatch(tp -> consumer.position(tp) >= end.get(tp));
                            });
        }
        return values;
    }

    private static KafkaConsumer<String, String> readCommittedConsumer() {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
    }

    private static long millisSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }
}
