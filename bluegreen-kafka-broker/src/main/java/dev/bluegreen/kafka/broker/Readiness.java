package dev.bluegreen.kafka.broker;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Waits for a starting broker: ready once its log has the start line and its client port accepts
 * TCP; failed once the process exits or the deadline passes.
 */
final class Readiness {

    /** The line a KRaft broker (4.4.0, node id 1) logs when it has started. */
    static final String READY_LINE = "[KafkaRaftServer nodeId=1] Kafka Server started";

    /** What the broker logs when a listener cannot bind its port. */
    static final String BIND_FAILURE = "Address already in use";

    /** How the broker's logger (slf4j-simple) marks an ERROR line. */
    static final String ERROR_MARK = "] ERROR ";

    /** How long to wait between two checks (ms). */
    static final long POLL_MS = 50;

    private Readiness() {}

    /**
     * Blocks until the broker is ready.
     *
     * @param deadlineNanos a {@link System#nanoTime()} value after which waiting fails
     * @throws IOException naming the log file and quoting its last lines when the process exits
     *     first or the deadline passes; {@link InterruptedIOException} when interrupted
     */
    static void await(Process process, int port, BrokerLog log, long deadlineNanos)
            throws IOException {
        while (!(log.contains(READY_LINE) && LoopbackPorts.accepts(port))) {
            if (!process.isAlive()) {
                throw exited(process.exitValue(), log);
            }
            long remaining = deadlineNanos - System.nanoTime();
            if (remaining <= 0) {
                throw failure(
                        "was not ready in time (no \"" + READY_LINE + "\" or no open port)", log);
            }
            pause(process, Math.min(remaining, TimeUnit.MILLISECONDS.toNanos(POLL_MS)));
        }
    }

    /** Waits up to {@code nanos}, returning early when the process exits. */
    private static void pause(Process process, long nanos) throws InterruptedIOException {
        try {
            process.waitFor(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the Kafka broker");
        }
    }

    private static IOException exited(int code, BrokerLog log) {
        String what = "exited with code " + code + " before it was ready";
        Optional<String> bindFailure = log.firstLineContaining(BIND_FAILURE);
        if (bindFailure.isPresent()) {
            return new PortTaken(
                    failureMessage(what + " (" + bindFailure.get().strip() + ")", log));
        }
        return new IOException(failureMessage(what, log));
    }

    /** An exception that names the log file and quotes its first error line and its end. */
    static IOException failure(String what, BrokerLog log) {
        return new IOException(failureMessage(what, log));
    }

    private static String failureMessage(String what, BrokerLog log) {
        String firstError =
                log.firstLineContaining(ERROR_MARK)
                        .map(line -> "; first error: " + line.strip())
                        .orElse("");
        return "Kafka broker "
                + what
                + "; log "
                + log.file()
                + firstError
                + "; last lines:\n"
                + log.tail();
    }

    /** The broker exited because one of its ports was taken (so new ports may help). */
    static final class PortTaken extends IOException {
        private static final long serialVersionUID = 1L;

        PortTaken(String message) {
            super(message);
        }
    }
}
