package dev.bluegreen.operator.standalone;

import dev.bluegreen.operator.controller.Extensions;
import dev.bluegreen.operator.internal.dashboard.DashboardServer;
import dev.bluegreen.operator.internal.http.Health;
import dev.bluegreen.operator.internal.http.ProcessEndpoint;
import dev.bluegreen.operator.internal.http.PrometheusMetrics;
import dev.bluegreen.operator.internal.process.CauseChain;
import dev.bluegreen.operator.internal.process.RegisterOnceMetrics;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.micrometer.core.instrument.Metrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The standalone controller process ({@code java -jar
 * bluegreen-operator-plugin-<version>-standalone.jar [options]}): the FlinkBlueGreenDeployment
 * controller with fabric8's standard Kubernetes access ({@code KUBECONFIG}, {@code ~/.kube/config},
 * or the in-cluster service account), by default Lease leader election, and an HTTP endpoint on
 * {@code --metrics-port} (default 8080): {@code /metrics} (Prometheus text format: JOSDK's, the
 * controller's and the JVM's meters), {@code /healthz} and {@code /readyz}. The endpoint starts
 * first, so the probes answer while the controller starts. The read-only dashboard is served on
 * {@code --dashboard-address}:{@code --dashboard-port} (default 127.0.0.1:8090; a port that cannot
 * be bound is logged and the controller runs without it). Options: {@link
 * ControllerOptions#usage()}.
 *
 * <p>Exit codes: 0 after SIGTERM (or SIGINT) and a clean shutdown (operator stopped, Lease
 * released), 1 when it cannot start (e.g. upstream CRDs missing, metrics port in use) or loses the
 * Lease while running (the pod restarts and campaigns again), 2 for bad options (the message names
 * the flag or variable), including an {@code --extensions-dir} that cannot be read or holds an
 * extension that cannot be loaded ({@link ExtensionFolder}).
 */
public final class StandaloneController {
    /** Exit code for bad options. */
    public static final int BAD_OPTIONS = 2;

    private StandaloneController() {}

    /** Runs the controller until the JVM is asked to stop. */
    public static void main(String[] args) {
        if (args.length == 1 && ("--help".equals(args[0]) || "-h".equals(args[0]))) {
            System.out.println(ControllerOptions.usage());
            return;
        }
        ControllerOptions options = parsedOrExit(args);
        Extensions extensions = options == null ? null : extensionsOrExit(options);
        if (extensions != null) {
            run(options, extensions);
        }
    }

    /** The extensions of {@code --extensions-dir} and the class path; exits with 2 if bad. */
    private static Extensions extensionsOrExit(ControllerOptions options) {
        try {
            return ExtensionFolder.load(
                    options.extensionsDir(),
                    StandaloneController.class.getClassLoader(),
                    ControllerOptions.Option.EXTENSIONS_DIR.flag());
        } catch (BadOptionException e) {
            fail(System.err, e.getMessage());
            System.exit(BAD_OPTIONS);
            return null;
        }
    }

    /** The options of {@code args} and the environment; exits with {@link #BAD_OPTIONS} if bad. */
    private static ControllerOptions parsedOrExit(String[] args) {
        try {
            return ControllerOptions.parse(
                    List.of(args),
                    System.getenv(),
                    ControllerOptions.SERVICE_ACCOUNT_NAMESPACE,
                    StandaloneController::hostName);
        } catch (BadOptionException e) {
            fail(System.err, e.getMessage());
            System.exit(BAD_OPTIONS);
            return null;
        }
    }

    private static void run(ControllerOptions options, Extensions extensions) {
        // simple logger defaults before the first logger exists; -D flags still win
        System.setProperty(
                "org.slf4j.simpleLogger.showDateTime",
                System.getProperty("org.slf4j.simpleLogger.showDateTime", "true"));
        Logger log = LoggerFactory.getLogger(StandaloneController.class);
        AtomicInteger exitCode = new AtomicInteger(0);
        AtomicReference<ControllerProcess> running = new AtomicReference<>();
        ProcessEndpoint endpoint = endpoint(options, running, log);
        Started started = start(options, extensions, endpoint, exitCode, log);
        if (started == null) {
            return;
        }
        running.set(started.process());
        DashboardServer dashboard =
                ControllerProcess.openDashboard(
                        options, running::get, ControllerOptions.Option.DASHBOARD_PORT.flag());
        Runnable stop = () -> shutDown(started, endpoint, dashboard, log, exitCode.get());
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "bluegreen-shutdown"));
        log.info("Running; stop with SIGTERM");
        awaitSignal();
    }

    /** A started controller and its client. */
    private record Started(ControllerProcess process, KubernetesClient client) {}

    /** Connects and starts the controller; exits with 1 if it cannot. */
    private static Started start(
            ControllerOptions options,
            Extensions extensions,
            ProcessEndpoint endpoint,
            AtomicInteger exitCode,
            Logger log) {
        KubernetesClient client = null;
        try {
            client = new KubernetesClientBuilder().build();
            var process =
                    ControllerProcess.start(
                            client,
                            options,
                            extensions,
                            RegisterOnceMetrics.in(Metrics.globalRegistry),
                            () -> lostLease(exitCode));
            return new Started(process, client);
        } catch (RuntimeException | LinkageError e) {
            log.error("Controller could not start: {}", CauseChain.describe(e), e);
            closeEach(endpoint, client);
            System.exit(1);
            return null;
        }
    }

    /** Closes the endpoint, then the client; either may be null. */
    private static void closeEach(ProcessEndpoint endpoint, KubernetesClient client) {
        if (endpoint != null) {
            endpoint.close();
        }
        if (client != null) {
            client.close();
        }
    }

    /** JOSDK's and the client's threads may all be daemons: keeps the JVM up until a signal. */
    private static void awaitSignal() {
        try {
            new java.util.concurrent.CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Serves the endpoint on the options' port (none for 0); exits with 1 if it cannot. */
    private static ProcessEndpoint endpoint(
            ControllerOptions options, AtomicReference<ControllerProcess> running, Logger log) {
        if (options.metricsPort() == 0) {
            log.info("No metrics endpoint ({} 0)", ControllerOptions.Option.METRICS_PORT.flag());
            return null;
        }
        var prometheus = PrometheusMetrics.global();
        try {
            var endpoint =
                    ProcessEndpoint.start(
                            options.metricsPort(), prometheus::scrape, () -> health(running));
            log.info("Serving /metrics, /healthz and /readyz on port {}", endpoint.port());
            return endpoint;
        } catch (IOException e) {
            cannotServe(options.metricsPort(), e, log);
            return null;
        }
    }

    /** Logs why the endpoint cannot serve on {@code port}, and exits with 1. */
    private static void cannotServe(int port, IOException e, Logger log) {
        var option = ControllerOptions.Option.METRICS_PORT;
        log.error(
                "{} / {}: cannot serve on port {}: {}",
                option.flag(),
                option.env(),
                port,
                e.toString());
        System.exit(1);
    }

    private static Health health(AtomicReference<ControllerProcess> running) {
        var process = running.get();
        return process == null ? Health.starting("controller not started yet") : process.health();
    }

    private static void shutDown(
            Started started,
            ProcessEndpoint endpoint,
            DashboardServer dashboard,
            Logger log,
            int exitCode) {
        log.info("Shutting down");
        try {
            if (dashboard != null) {
                dashboard.close();
            }
            started.process().close();
            started.client().close();
            if (endpoint != null) {
                endpoint.close();
            }
            log.info("Shut down cleanly");
        } catch (RuntimeException e) {
            log.error("Shutdown failed: {}", e.getMessage(), e);
            exitCode = 1;
        }
        System.out.flush();
        System.err.flush();
        // a signal would otherwise end the JVM with 128 + signal number; a clean stop is a success
        Runtime.getRuntime().halt(exitCode);
    }

    private static void lostLease(AtomicInteger exitCode) {
        exitCode.set(1);
        // not on the JOSDK thread that reports the loss: the shutdown hook stops JOSDK's threads
        new Thread(() -> System.exit(1), "bluegreen-lost-lease").start();
    }

    private static void fail(PrintStream err, String message) {
        err.println("bluegreen controller: " + message);
        err.println(ControllerOptions.usage());
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "bluegreen-controller-" + ProcessHandle.current().pid();
        }
    }
}
