package dev.bluegreen.demo.scenario;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Turns time-based retention off for the demo's topics. Their records carry the example's event
 * times as Kafka timestamps (from 2026-01-01 on, see {@code EventGenerator}), which the broker's
 * default retention (7 days) finds expired: its first retention check, 30 s after it started,
 * deleted the oldest records of both topics in a run before this existed.
 */
final class TopicRetention {
    private static final long TIMEOUT_SECONDS = 30;

    private TopicRetention() {}

    /**
     * Sets {@code retention.ms = -1} on each topic.
     *
     * @throws IllegalStateException naming the topics when the broker did not apply it in 30 s
     */
    static void keepForever(String bootstrapServers, String... topics) {
        var keep =
                new AlterConfigOp(
                        new ConfigEntry(TopicConfig.RETENTION_MS_CONFIG, "-1"),
                        AlterConfigOp.OpType.SET);
        Map<ConfigResource, Collection<AlterConfigOp>> changes = new LinkedHashMap<>();
        for (String topic : topics) {
            changes.put(new ConfigResource(ConfigResource.Type.TOPIC, topic), List.of(keep));
        }
        try (Admin admin =
                Admin.create(
                        Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            admin.incrementalAlterConfigs(changes).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(
                    "retention.ms of topics " + List.of(topics) + ": not set to -1", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "retention.ms of topics " + List.of(topics) + ": interrupted", e);
        }
    }
}
