package dev.bluegreen.kafka.broker;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/**
 * The two child-JVM command lines: format the KRaft storage, then run the broker.
 *
 * @param java the {@code java} executable
 * @param classpath the broker's classpath, joined for {@code -cp}
 */
record BrokerCommands(String java, String classpath) {

    /** Main class of Kafka's storage tool (in {@code kafka_2.13} 4.4.0). */
    static final String STORAGE_TOOL = "kafka.tools.StorageTool";

    /** Main class of the broker. */
    static final String SERVER = "kafka.Kafka";

    /** Heap of the broker JVM: enough for tests and the demo, small next to Flink. */
    static final String MAX_HEAP = "-Xmx384m";

    /** The JVM that runs this code (falls back to {@code java.home}). */
    static String currentJava() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** {@code StorageTool format} for a fresh data dir with cluster id {@code clusterId}. */
    List<String> format(Path serverProperties, String clusterId) {
        List<String> command = jvm();
        command.addAll(
                List.of(
                        STORAGE_TOOL,
                        "format",
                        "--cluster-id",
                        clusterId,
                        "--config",
                        serverProperties.toString()));
        return command;
    }

    /** {@code kafka.Kafka server.properties}. */
    List<String> server(Path serverProperties) {
        List<String> command = jvm();
        command.addAll(List.of(SERVER, serverProperties.toString()));
        return command;
    }

    private List<String> jvm() {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.add(MAX_HEAP);
        // A test broker starts often and lives briefly: C1 only and the serial collector start
        // fastest and use the fewest threads on a small machine.
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-XX:+UseSerialGC");
        command.add("-Djava.awt.headless=true");
        command.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        command.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS");
        command.add("-cp");
        command.add(classpath);
        return command;
    }

    /**
     * A random KRaft cluster id: 16 random bytes in URL-safe Base64 without padding (22
     * characters), the form Kafka's own {@code Uuid.randomUuid()} prints; never starting with
     * {@code '-'}, which the command line would read as an option.
     */
    static String randomClusterId() {
        while (true) {
            UUID uuid = UUID.randomUUID();
            byte[] bytes = new byte[16];
            for (int i = 0; i < 8; i++) {
                bytes[i] = (byte) (uuid.getMostSignificantBits() >>> (56 - 8 * i));
                bytes[8 + i] = (byte) (uuid.getLeastSignificantBits() >>> (56 - 8 * i));
            }
            String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            if (!id.startsWith("-")) {
                return id;
            }
        }
    }
}
