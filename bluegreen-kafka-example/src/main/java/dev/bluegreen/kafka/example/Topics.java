package dev.bluegreen.kafka.example;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Creates topics (replication factor 1: the single local broker of the tests and the demo). */
public final class Topics {
    private static final long TIMEOUT_SECONDS = 30;

    private Topics() {}

    /**
     * Creates {@code topic} with {@code partitions} partitions; an existing topic is left as it is
     * (idempotent, whatever its partition count).
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
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1)))
                    .all()
                    .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException(
                        "cannot create topic " + topic + " on " + bootstrapServers, e.getCause());
            }
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "creating topic " + topic + " on " + bootstrapServers + " took over 30 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topic " + topic, e);
        }
    }
}
