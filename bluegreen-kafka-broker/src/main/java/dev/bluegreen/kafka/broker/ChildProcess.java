package dev.bluegreen.kafka.broker;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child process that is stopped gently first: SIGTERM, a grace period, then a forced kill. While
 * it runs, a JVM shutdown hook kills it too, so a test JVM that exits or is terminated without
 * closing it leaves no broker behind (a SIGKILLed parent runs no hooks, though). {@link #stop} is
 * idempotent and thread-safe.
 */
final class ChildProcess {

    private final Process process;
    private final Thread shutdownHook;
    private boolean stopped;

    private ChildProcess(Process process) {
        this.process = process;
        this.shutdownHook = new Thread(this::destroyQuietly, "kafka-broker-stop-" + process.pid());
    }

    /**
     * Starts {@code command} with stdout and stderr appended to {@code log}.
     *
     * @throws IOException when the process cannot be started
     */
    static ChildProcess start(List<String> command, Path log) throws IOException {
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                        .start();
        ChildProcess child = new ChildProcess(process);
        Runtime.getRuntime().addShutdownHook(child.shutdownHook);
        return child;
    }

    Process process() {
        return process;
    }

    /**
     * Stops the process: SIGTERM, up to {@code grace} for it to exit, then a forced kill (waited
     * for up to the same time again). Returns at once when already stopped.
     */
    synchronized void stop(Duration grace) {
        if (stopped) {
            return;
        }
        stopped = true;
        removeShutdownHook();
        process.destroy();
        awaitExit(grace);
    }

    /** Waits up to {@code grace} for the exit, then kills it and waits as long again. */
    private void awaitExit(Duration grace) {
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void removeShutdownHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down and runs the hook itself.
        }
    }

    private void destroyQuietly() {
        process.destroyForcibly();
    }
}
