package dev.bluegreen.kafka.broker;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one single-node KRaft broker listens on and where it keeps its data.
 *
 * @param port the client (PLAINTEXT) port on localhost
 * @param controllerPort the KRaft controller port on localhost
 * @param dataDir the metadata and log directory
 */
record BrokerSettings(int port, int controllerPort, Path dataDir) {

    /** Upper bound of producer transaction timeouts (ms); the broker's default, stated. */
    static final long TRANSACTION_MAX_TIMEOUT_MS = 900_000;

    BrokerSettings {
        requirePort("port", port);
        requirePort("controllerPort", controllerPort);
        if (port == controllerPort) {
            throw new IllegalArgumentException(
                    "controllerPort: must differ from port, both are " + port);
        }
    }

    private static void requirePort(String name, int value) {
        if (value < 1 || value > 65_535) {
            throw new IllegalArgumentException(name + ": expected 1..65535, got " + value);
        }
    }

    /** {@code localhost:<port>}. */
    String bootstrapServers() {
        return "localhost:" + port;
    }

    /** The broker's {@code server.properties}, in file order. */
    Map<String, String> properties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@localhost:" + controllerPort);
        p.put(
                "listeners",
                "PLAINTEXT://localhost:" + port + ",CONTROLLER://localhost:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://localhost:" + port);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("log.dirs", dataDir.toAbsolutePath().toString());
        putInternalTopics(p);
        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("transaction.max.timeout.ms", Long.toString(TRANSACTION_MAX_TIMEOUT_MS));
        return p;
    }

    /** One node: every internal topic has one replica, and one partition starts fastest. */
    private static void putInternalTopics(Map<String, String> p) {
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("transaction.state.log.num.partitions", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("share.coordinator.state.topic.num.partitions", "1");
    }

    /** {@link #properties()} as file text, one {@code key=value} a line. */
    String propertiesText() {
        StringBuilder text = new StringBuilder();
        properties()
                .forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        return text.toString();
    }
}
