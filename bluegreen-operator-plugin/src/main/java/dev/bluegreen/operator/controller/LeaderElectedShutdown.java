package dev.bluegreen.operator.controller;

import io.javaoperatorsdk.operator.Operator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * The JVM shutdown hook JOSDK does not install when leader election is on ({@code
 * Operator.installShutdownHook} only warns then). The hook stops the whole operator, on a daemon
 * thread it waits for at most a bound: with JOSDK's default {@code exitOnStopLeading} (the Flink
 * operator's), stopping leader election calls {@code System.exit(1)}, which blocks for ever inside
 * a shutdown; the hook returns once the controllers have stopped and the stopping thread is stuck
 * there (or the bound passed), and the JVM halts. Thread-safe.
 */
final class LeaderElectedShutdown {
    private static final Logger LOG = LoggerFactory.getLogger(LeaderElectedShutdown.class);
    private static final long POLL_MILLIS = 20;

    private LeaderElectedShutdown() {}

    /** The hook for {@code operator}, not installed; empty when leader election is off. */
    static Optional<Thread> hook(Operator operator, Duration bound) {
        if (operator.getConfigurationService().getLeaderElectionConfiguration().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Thread(() -> stop(operator, bound), "bluegreen-operator-shutdown"));
    }

    /**
     * Stops {@code operator} on a daemon thread; returns when that thread ends, is blocked in
     * {@code System.exit}, or after {@code bound}.
     */
    static void stop(Operator operator, Duration bound) {
        Thread stopper = new Thread(operator::stop, "bluegreen-operator-stop");
        stopper.setDaemon(true);
        stopper.start();
        long deadline = System.nanoTime() + bound.toNanos();
        try {
            while (stopper.isAlive() && !inExit(stopper) && System.nanoTime() < deadline) {
                stopper.join(POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (stopper.isAlive() && !inExit(stopper)) {
            LOG.warn("Operator not stopped within {}; the JVM exits anyway", bound);
        } else {
            LOG.info("Operator stopped (leader election on)");
        }
    }

    /** Whether {@code thread} is inside {@code System.exit} (after the controllers stopped). */
    static boolean inExit(Thread thread) {
        return Arrays.stream(thread.getStackTrace())
                .anyMatch(frame -> frame.getClassName().equals("java.lang.Shutdown"));
    }
}
