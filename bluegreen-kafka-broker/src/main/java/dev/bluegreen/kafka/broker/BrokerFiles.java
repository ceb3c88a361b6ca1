package dev.bluegreen.kafka.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where one broker run keeps its files: a fresh directory per start, so a work directory can be
 * reused and a previous run's log stays readable.
 *
 * @param root the run's own directory ({@code <workDir>/kafka-broker-<random>})
 */
record BrokerFiles(Path root) {

    /**
     * Creates a fresh run directory under {@code workDir} (created when missing).
     *
     * @throws IOException naming {@code workDir} when it is not a directory or cannot be created
     */
    static BrokerFiles createUnder(Path workDir) throws IOException {
        if (Files.exists(workDir) && !Files.isDirectory(workDir)) {
            throw new IOException("Kafka broker work dir " + workDir + " is not a directory");
        }
        try {
            Files.createDirectories(workDir);
            return new BrokerFiles(Files.createTempDirectory(workDir, "kafka-broker-"));
        } catch (IOException e) {
            throw new IOException("Kafka broker work dir " + workDir + ": " + e, e);
        }
    }

    /** The broker's configuration file. */
    Path serverProperties() {
        return root.resolve("server.properties");
    }

    /** The KRaft metadata and log directory. */
    Path dataDir() {
        return root.resolve("data");
    }

    /** Output of the storage format step. */
    Path formatLog() {
        return root.resolve("format.log");
    }

    /** The broker's stdout and stderr. */
    Path brokerLog() {
        return root.resolve("broker.log");
    }
}
