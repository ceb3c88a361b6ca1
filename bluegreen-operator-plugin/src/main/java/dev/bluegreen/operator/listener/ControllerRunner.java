package dev.bluegreen.operator.listener;

import dev.bluegreen.operator.standalone.ControllerOptions;
import dev.bluegreen.operator.standalone.ControllerProcess;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the drop-in controller running on one daemon thread: starts it (retrying with back-off, 1 s
 * doubling up to 1 min, while it cannot start, e.g. the API server is unreachable or the CRDs are
 * missing) and starts it again after it lost the Lease, so that it campaigns again instead of
 * reconciling without leading. The thread's context classloader is the plugin's, so lookups made on
 * it see the plugin's JOSDK, not the operator's. Thread-safe.
 */
final class ControllerRunner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerRunner.class);
    private static final Duration FIRST_RETRY = Duration.ofSeconds(1);
    private static final Duration MAX_RETRY = Duration.ofMinutes(1);

    private final ControllerOptions options;
    private final String masterUrl;
    private final ScheduledExecutorService thread;
    private volatile KubernetesClient client;
    private volatile ControllerProcess process;
    private volatile boolean closed;

    private ControllerRunner(ControllerOptions options, String masterUrl) {
        this.options = options;
        this.masterUrl = masterUrl;
        this.thread =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            var t = new Thread(r, "bluegreen-controller-runner");
                            t.setDaemon(true);
                            t.setContextClassLoader(ControllerRunner.class.getClassLoader());
                            return t;
                        });
    }

    /** Schedules the first start at once and returns. */
    static ControllerRunner start(ControllerOptions options, String masterUrl) {
        var runner = new ControllerRunner(options, masterUrl);
        runner.thread.execute(() -> runner.attempt(FIRST_RETRY));
        return runner;
    }

    /** Asks the running controller to reconcile a parent; false when none runs. */
    boolean trigger(String namespace, String name) {
        var current = process;
        return current != null && current.triggers().trigger(namespace, name);
    }

    /** Stops the controller (releasing the Lease) and the thread. Idempotent. */
    @Override
    public void close() {
        closed = true;
        thread.shutdownNow();
        stopCurrent();
        LOG.info("FlinkBlueGreenDeployment controller stopped");
    }

    private void attempt(Duration retry) {
        if (closed) {
            return;
        }
        try {
            client = newClient();
            process = ControllerProcess.start(client, options, this::lostLease);
            if (closed) {
                stopCurrent();
            }
        } catch (RuntimeException e) {
            stopCurrent();
            LOG.warn(
                    "FlinkBlueGreenDeployment controller not started ({}); retrying in {} s",
                    e.getMessage(),
                    retry.toSeconds());
            var next =
                    retry.multipliedBy(2).compareTo(MAX_RETRY) > 0
                            ? MAX_RETRY
                            : retry.multipliedBy(2);
            thread.schedule(() -> attempt(next), retry.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void lostLease() {
        if (!closed) {
            thread.execute(
                    () -> {
                        stopCurrent();
                        attempt(FIRST_RETRY);
                    });
        }
    }

    private synchronized void stopCurrent() {
        var current = process;
        process = null;
        if (current != null) {
            current.close();
        }
        var currentClient = client;
        client = null;
        if (currentClient != null) {
            currentClient.close();
        }
    }

    private KubernetesClient newClient() {
        if (masterUrl == null || masterUrl.isBlank()) {
            return new KubernetesClientBuilder().build();
        }
        Config config =
                new ConfigBuilder(Config.autoConfigure(null)).withMasterUrl(masterUrl).build();
        return new KubernetesClientBuilder().withConfig(config).build();
    }
}
