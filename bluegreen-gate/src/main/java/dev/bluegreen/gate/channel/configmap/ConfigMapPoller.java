package dev.bluegreen.gate.channel.configmap;

import dev.bluegreen.gate.rule.GateCommand;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The one poller of a ConfigMap in this JVM (per class loader that loaded the gate), shared by
 * every gate subtask that uses the channel: a daemon thread GETs the ConfigMap every poll interval
 * and keeps the newest command. A command only replaces an older one (never goes back), and a bad
 * read (missing key, malformed text, unreachable API) keeps the last good command and is kept as
 * {@link #lastError()}. Reference-counted: the thread stops when the last subtask releases it.
 * Thread-safe.
 */
final class ConfigMapPoller {
    private static final Map<String, ConfigMapPoller> SHARED = new HashMap<>();

    private final ConfigMapSettings settings;
    private final ConfigMapReader reader;
    private final ScheduledExecutorService thread;
    private final AtomicLong reads = new AtomicLong();
    private int users;
    private volatile GateCommand newest;
    private volatile String lastError;

    private ConfigMapPoller(ConfigMapSettings settings, ConfigMapReader reader) {
        this.settings = settings;
        this.reader = reader;
        this.thread =
                Executors.newSingleThreadScheduledExecutor(
                        task -> {
                            Thread t = new Thread(task, "bluegreen-gate-" + settings.describe());
                            t.setDaemon(true);
                            return t;
                        });
        long interval = settings.pollInterval().toMillis();
        thread.scheduleWithFixedDelay(this::poll, interval, interval, TimeUnit.MILLISECONDS);
    }

    /**
     * The shared poller of the settings' ConfigMap, started on first use; pair with {@link
     * #release()}.
     *
     * @param settings where the ConfigMap is
     * @param readers makes the reader when a new poller starts
     */
    static ConfigMapPoller acquire(
            ConfigMapSettings settings, Function<ConfigMapSettings, ConfigMapReader> readers) {
        synchronized (SHARED) {
            ConfigMapPoller poller =
                    SHARED.computeIfAbsent(
                            settings.key(),
                            key -> new ConfigMapPoller(settings, readers.apply(settings)));
            poller.users++;
            return poller;
        }
    }

    /** Gives up one use; the last one stops the thread and forgets the poller. */
    void release() {
        synchronized (SHARED) {
            users--;
            if (users == 0) {
                SHARED.remove(settings.key());
                thread.shutdownNow();
            }
        }
    }

    /** How many pollers run in this class loader (for tests). */
    static int running() {
        synchronized (SHARED) {
            return SHARED.size();
        }
    }

    /** The newest good command seen by any read; never goes back. */
    Optional<GateCommand> newest() {
        return Optional.ofNullable(newest);
    }

    /**
     * Reads the ConfigMap now (on the caller's thread) and returns the newest command, this read's
     * or an earlier, newer one. When the read fails the cached command is returned and the error is
     * kept: the gate's own state (its memory of the newest command applied) covers a channel that
     * is unreachable at a restart.
     */
    Optional<GateCommand> readFresh() {
        try {
            readOnce();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return newest();
    }

    /** The error of the last read, empty when it succeeded. */
    Optional<String> lastError() {
        return Optional.ofNullable(lastError);
    }

    /** Reads made so far, by the thread and by {@link #readFresh()}. */
    long reads() {
        return reads.get();
    }

    private void poll() {
        try {
            readOnce();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // A scheduled task that throws is never run again: keep polling.
            lastError = settings.describe() + ": " + e;
        }
    }

    private void readOnce() throws InterruptedException {
        reads.incrementAndGet();
        try {
            reader.read().ifPresent(this::offer);
            lastError = null;
        } catch (ConfigMapException e) {
            lastError = e.getMessage();
        }
    }

    private synchronized void offer(GateCommand command) {
        if (command.isNewerThan(newest)) {
            newest = command;
        }
    }
}
