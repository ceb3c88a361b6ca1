package dev.bluegreen.kafka.example;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Creates topics for the tests and the demo: replication factor 1 (a single local broker) and no
 * time-based retention ({@code retention.ms=-1}): the example's records carry event times from
 * {@code EventGenerator.EPOCH_START_MS} (2026-01-01) as their Kafka timestamps, which a default
 * 7-day retention would delete as soon as the broker checks.
 */
public final class Topics {
    private static final long TIMEOUT_SECONDS = 30;

    private Topics() {}

    /**
     * Creates {@code topic} with {@code partitions} partitions and no time-based retention; an
     * existing topic is left as it is (idempotent, whatever its partition count and settings).
     *
     * @throws IllegalArgumentException when {@code partitions} is not positive
     * @throws IllegalStateException naming the topic when the broker refuses or does not answer
     *     within 30 s
     */
    public static void create(String bootstrapServers, String topic, int partitions) {
        if (partitions <= 0) {
            throw new IllegalArgumentException(
                    "partitions: expected a positive number, got " + partitions);
        }
        try (Admin admin =
                Admin.create(
                        Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            createIfAbsent(admin, new NewTopic(topic, partitions, (short) 1), bootstrapServers);
            awaitLeaders(admin, topic);
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "creating topic " + topic + " on " + bootstrapServers + " took over 30 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topic " + topic, e);
        }
    }

    /** Creates {@code topic} without time-based retention, unless it exists. */
    private static void createIfAbsent(Admin admin, NewTopic topic, String bootstrapServers)
            throws InterruptedException, TimeoutException {
        try {
            admin.createTopics(
                            List.of(topic.configs(Map.of(TopicConfig.RETENTION_MS_CONFIG, "-1"))))
                    .all()
                    .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException(
                        "cannot create topic " + topic.name() + " on " + bootstrapServers,
                        e.getCause());
            }
        }
    }

    /**
     * Waits until the broker describes the topic with a leader for every partition: creation
     * returns before the broker's metadata has the topic, and a client that asks in between (a
     * source's partition discovery, a consumer) sees no topic.
     */
    private static void awaitLeaders(Admin admin, String topic)
            throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline) {
            if (hasLeaders(admin, topic)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new TimeoutException("topic " + topic + " has no leaders after 30 s");
    }

    /** Whether the broker describes {@code topic} with a leader for every partition. */
    private static boolean hasLeaders(Admin admin, String topic)
            throws InterruptedException, TimeoutException {
        try {
            TopicDescription description =
                    admin.describeTopics(List.of(topic))
                            .allTopicNames()
                            .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                            .get(topic);
            return description != null
                    && description.partitions().stream().allMatch(p -> p.leader() != null);
        } catch (ExecutionException e) {
            return false; // not known yet (UnknownTopicOrPartitionException): ask again
        }
    }
}
