package dev.bluegreen.operator.listener;

import dev.bluegreen.operator.controller.Extensions;
import dev.bluegreen.operator.internal.dashboard.DashboardServer;
import dev.bluegreen.operator.internal.http.Health;
import dev.bluegreen.operator.internal.http.ProcessEndpoint;
import dev.bluegreen.operator.internal.http.PrometheusMetrics;
import dev.bluegreen.operator.internal.process.RegisterOnceMetrics;
import dev.bluegreen.operator.standalone.ControllerOptions;
import dev.bluegreen.operator.standalone.ControllerProcess;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the drop-in controller running on one daemon thread: starts it (retrying with back-off, 1 s
 * doubling up to 1 min, while it cannot start, e.g. the API server is unreachable or the CRDs are
 * missing) and starts it again after it lost the Lease, so that it campaigns again instead of
 * reconciling without leading. The thread's context classloader is the plugin's, so lookups made on
 * it see the plugin's JOSDK, not the operator's.
 *
 * <p>A failed start is logged once per distinct root cause, with the whole cause chain (JOSDK's
 * {@code "Error starting operator"} hides the real cause: a missing permission, CRD or API server);
 * the same cause again is logged at debug level only. Any {@link Throwable} is retried except a
 * {@link VirtualMachineError}, which is logged and ends the retries. JOSDK's meters are registered
 * once across all attempts ({@link RegisterOnceMetrics}).
 *
 * <p>With a {@code metrics-port} (off by default) it also serves {@code /metrics}, {@code /healthz}
 * and {@code /readyz} on that port for as long as it runs, whichever controller attempt is current;
 * a port that cannot be bound is logged and leaves the controller running without the endpoint.
 * With a {@code dashboard-port} (off by default) it serves the read-only dashboard the same way.
 * Thread-safe.
 */
final class ControllerRunner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerRunner.class);
    private static final Duration FIRST_RETRY = Duration.ofSeconds(1);
    private static final Duration MAX_RETRY = Duration.ofMinutes(1);

    private final ControllerOptions options;
    private final Extensions extensions;
    private final String masterUrl;
    private final RegisterOnceMetrics metrics;
    private final Duration firstRetry;
    private final ScheduledExecutorService thread;
    private volatile KubernetesClient client;
    private volatile ControllerProcess process;
    private final StartFailures failures = new StartFailures();
    private volatile boolean closed;
    private volatile ProcessEndpoint endpoint;
    private volatile DashboardServer dashboard;

    private ControllerRunner(
            ControllerOptions options,
            DropInExtensions.Loaded extensions,
            String masterUrl,
            MeterRegistry registry,
            Duration firstRetry) {
        this.options = options;
        this.extensions = extensions.extensions();
        extensions.problems().forEach(failures::reportExtensionProblem);
        this.masterUrl = masterUrl;
        this.metrics = RegisterOnceMetrics.in(registry);
        this.firstRetry = firstRetry;
        this.thread =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            var t = new Thread(r, "bluegreen-controller-runner");
                            t.setDaemon(true);
                            t.setContextClassLoader(ControllerRunner.class.getClassLoader());
                            return t;
                        });
    }

    /**
     * Schedules the first start at once and returns; JOSDK's meters go to Micrometer's global
     * registry, retries start after 1 s.
     */
    static ControllerRunner start(
            ControllerOptions options, DropInExtensions.Loaded extensions, String masterUrl) {
        return start(options, extensions, masterUrl, Metrics.globalRegistry, FIRST_RETRY);
    }

    /** Schedules the first start at once and returns (tests: a registry and a shorter retry). */
    static ControllerRunner start(
            ControllerOptions options,
            String masterUrl,
            MeterRegistry registry,
            Duration firstRetry) {
        var none = new DropInExtensions.Loaded(Extensions.none(), List.of());
        return start(options, none, masterUrl, registry, firstRetry);
    }

    /**
     * Schedules the first start at once with {@code extensions} and returns; their problems are the
     * first {@link #reportedFailures()}.
     */
    static ControllerRunner start(
            ControllerOptions options,
            DropInExtensions.Loaded extensions,
            String masterUrl,
            MeterRegistry registry,
            Duration firstRetry) {
        var runner = new ControllerRunner(options, extensions, masterUrl, registry, firstRetry);
        runner.endpoint = runner.openEndpoint();
        runner.dashboard =
                ControllerProcess.openDashboard(
                        options,
                        () -> runner.process,
                        "listener option " + ControllerOptions.Option.DASHBOARD_PORT.key());
        runner.thread.execute(() -> runner.attempt(firstRetry));
        return runner;
    }

    /** Asks the running controller to reconcile a parent; false when none runs. */
    boolean trigger(String namespace, String name) {
        var current = process;
        return current != null && current.triggers().trigger(namespace, name);
    }

    /** The port of the endpoint, or 0 when none is served. */
    int endpointPort() {
        var current = endpoint;
        return current == null ? 0 : current.port();
    }

    /** The port of the dashboard, or 0 when none is served. */
    int dashboardPort() {
        var current = dashboard;
        return current == null ? 0 : current.port();
    }

    /**
     * Stops the controller (releasing the Lease), the endpoint, the dashboard and the thread.
     * Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        thread.shutdownNow();
        stopCurrent();
        var currentDashboard = dashboard;
        dashboard = null;
        if (currentDashboard != null) {
            currentDashboard.close();
        }
        var current = endpoint;
        endpoint = null;
        if (current != null) {
            current.close();
        }
        LOG.info("FlinkBlueGreenDeployment controller stopped");
    }

    private void attempt(Duration retry) {
        if (closed) {
            return;
        }
        try {
            client = newClient();
            process =
                    ControllerProcess.start(client, options, extensions, metrics, this::lostLease);
            failures.started();
            if (closed) {
                stopCurrent();
            }
        } catch (VirtualMachineError e) {
            LOG.error("FlinkBlueGreenDeployment controller not started, not retrying", e);
            throw e;
        } catch (Throwable e) { // anything else may heal: RBAC granted, CRD installed, API back
            stopCurrent();
            logFailure(e, retry);
            var next =
                    retry.multipliedBy(2).compareTo(MAX_RETRY) > 0
                            ? MAX_RETRY
                            : retry.multipliedBy(2);
            thread.schedule(() -> attempt(next), retry.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void logFailure(Throwable failure, Duration retry) {
        var warning = failures.report(failure);
        if (warning.isEmpty()) {
            LOG.debug(
                    "FlinkBlueGreenDeployment controller still not started (same cause); retrying"
                            + " in {} s",
                    retry.toSeconds());
            return;
        }
        LOG.warn(
                "FlinkBlueGreenDeployment controller not started: {}; retrying in {} s, with"
                        + " back-off up to {} s (the same cause again is not logged)",
                warning.get(),
                retry.toSeconds(),
                MAX_RETRY.toSeconds(),
                failure);
    }

    /** The start-up failures logged so far (one per distinct root cause), oldest first. */
    List<String> reportedFailures() {
        return failures.reported();
    }

    private void lostLease() {
        if (!closed) {
            thread.execute(
                    () -> {
                        stopCurrent();
                        attempt(firstRetry);
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

    private ProcessEndpoint openEndpoint() {
        if (options.metricsPort() == 0) {
            return null;
        }
        try {
            var served =
                    ProcessEndpoint.start(
                            options.metricsPort(),
                            PrometheusMetrics.global()::scrape,
                            this::health);
            LOG.info("Serving /metrics, /healthz and /readyz on port {}", served.port());
            return served;
        } catch (IOException e) {
            LOG.error(
                    "listener option {}: cannot serve on port {} ({}); running without the"
                            + " metrics endpoint",
                    ControllerOptions.Option.METRICS_PORT.key(),
                    options.metricsPort(),
                    e.toString());
            return null;
        }
    }

    private Health health() {
        var current = process;
        if (current != null) {
            return current.health();
        }
        var reported = failures.reported();
        return Health.starting(
                reported.isEmpty()
                        ? "controller not started yet"
                        : "not started: " + reported.get(reported.size() - 1));
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
