package dev.bluegreen.kafka.broker;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A single-node KRaft Kafka broker (Kafka 4.4.0, broker and controller in one node) running in a
 * child JVM, for integration tests and the local demo.
 *
 * <p>The broker runs in its own JVM because its classpath (kafka-clients 4.x, Scala 2.13, its own
 * Jackson and logging) cannot share one with the job side's kafka-clients 3.4.0. That classpath
 * comes from the resource {@code dev/bluegreen/kafka/broker/broker.classpath}, written when this
 * module is built: absolute paths into the local Maven repository, so a broker can only start on a
 * machine that built (or installed) this module.
 *
 * <p>Settings: one partition and one replica for the internal topics, no initial rebalance delay,
 * {@code transaction.max.timeout.ms} 900000 (15 minutes, the broker default), a 384 MB heap. The
 * broker counts as ready once its log (INFO level) has the line {@code [KafkaRaftServer nodeId=1]
 * Kafka Server started} and its client port accepts TCP; on this 2-core machine that took 2.4 to 6
 * s, and a clean stop 0.25 to 0.5 s.
 *
 * <p>Thread-safety: {@link #close()} may be called from any thread, any number of times.
 */
public final class KafkaBroker implements AutoCloseable {

    /** How long {@link #start} waits for format plus start-up: 60 s. */
    static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    /** How often {@link #start} picks new ports when one was taken before the broker bound it. */
    static final int PORT_ATTEMPTS = 3;

    /** How long {@link #close()} waits after SIGTERM before killing: 10 s. */
    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final ChildProcess child;
    private final String bootstrapServers;
    private final Path logFile;

    private KafkaBroker(ChildProcess child, String bootstrapServers, Path logFile) {
        this.child = child;
        this.bootstrapServers = bootstrapServers;
        this.logFile = logFile;
    }

    /**
     * Formats a fresh KRaft data directory in a new directory under {@code workDir}, starts the
     * broker JVM on two free loopback ports and waits until it is ready (its start line is logged
     * and its client port accepts TCP), at most 60 s in all. Blocks the calling thread meanwhile.
     * When the broker exits because another process took one of its ports first, starts again on
     * new ports (at most 3 attempts, within the same 60 s).
     *
     * @param workDir where the run directory ({@code kafka-broker-<random>}) goes; created when
     *     missing; a directory may be reused, every start gets its own run directory
     * @return the running broker; close it to stop the JVM
     * @throws IOException when {@code workDir} is not a usable directory, the classpath resource is
     *     missing or stale, or the format step or the broker fails or is not ready within 60 s; the
     *     message names the log file and quotes its first ERROR line and its last lines (the broker
     *     JVM is stopped first); {@link java.io.InterruptedIOException} when interrupted
     */
    public static KafkaBroker start(Path workDir) throws IOException {
        Objects.requireNonNull(workDir, "workDir");
        List<Path> classpath =
                BrokerClasspath.load(KafkaBroker.class.getClassLoader(), BrokerClasspath.RESOURCE);
        return start(workDir, classpath, START_TIMEOUT);
    }

    static KafkaBroker start(Path workDir, List<Path> classpath, Duration timeout)
            throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        BrokerCommands commands =
                new BrokerCommands(BrokerCommands.currentJava(), BrokerClasspath.join(classpath));
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnFreePorts(workDir, commands, deadline);
            } catch (Readiness.PortTaken e) {
                // Another process took a port between our check and the broker's bind: new ports.
                if (attempt == PORT_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private static KafkaBroker startOnFreePorts(
            Path workDir, BrokerCommands commands, long deadline) throws IOException {
        BrokerFiles files = BrokerFiles.createUnder(workDir);
        int[] ports = LoopbackPorts.twoFree();
        var settings = new BrokerSettings(ports[0], ports[1], files.dataDir());
        return startOnce(files, commands, settings, deadline);
    }

    /** Formats, starts and awaits one broker with the given ports; stops it again on failure. */
    static KafkaBroker startOnce(
            BrokerFiles files, BrokerCommands commands, BrokerSettings settings, long deadline)
            throws IOException {
        Files.writeString(files.serverProperties(), settings.propertiesText());
        format(commands, files, deadline);
        ChildProcess child =
                ChildProcess.start(commands.server(files.serverProperties()), files.brokerLog());
        awaitReady(child, settings.port(), new BrokerLog(files.brokerLog()), deadline);
        return new KafkaBroker(child, settings.bootstrapServers(), files.brokerLog());
    }

    /** Waits until the broker listens on {@code port}; stops it when it does not. */
    private static void awaitReady(ChildProcess child, int port, BrokerLog log, long deadline)
            throws IOException {
        try {
            Readiness.await(child.process(), port, log, deadline);
        } catch (IOException | RuntimeException e) {
            child.stop(STOP_GRACE);
            throw e;
        }
    }

    /** Runs the storage format step to completion; its output goes to the format log. */
    private static void format(BrokerCommands commands, BrokerFiles files, long deadline)
            throws IOException {
        String clusterId = BrokerCommands.randomClusterId();
        ChildProcess format =
                ChildProcess.start(
                        commands.format(files.serverProperties(), clusterId), files.formatLog());
        try {
            awaitFormat(format.process(), new BrokerLog(files.formatLog()), deadline);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while formatting Kafka storage");
        } finally {
            format.stop(STOP_GRACE);
        }
    }

    /** Waits until the format step exits; fails when it does not in time, or not with 0. */
    private static void awaitFormat(Process format, BrokerLog log, long deadline)
            throws IOException, InterruptedException {
        long remaining = Math.max(0, deadline - System.nanoTime());
        if (!format.waitFor(remaining, TimeUnit.NANOSECONDS)) {
            throw Readiness.failure("storage format did not finish in time", log);
        }
        if (format.exitValue() != 0) {
            throw Readiness.failure(
                    "storage format failed with exit code " + format.exitValue(), log);
        }
    }

    /**
     * The address clients connect to.
     *
     * @return {@code localhost:<port>}
     */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /**
     * The broker's log (its stdout and stderr, INFO level); it stays after {@link #close()}.
     *
     * @return the file {@code broker.log} in this run's directory
     */
    public Path logFile() {
        return logFile;
    }

    /**
     * Stops the broker: SIGTERM (a clean shutdown, usually well under a second), up to 10 s for the
     * JVM to exit, then a forced kill. Blocks until the JVM has exited; idempotent and thread-safe.
     */
    @Override
    public void close() {
        child.stop(STOP_GRACE);
    }

    @Override
    public String toString() {
        return "KafkaBroker[" + bootstrapServers + ", log " + logFile + "]";
    }
}
