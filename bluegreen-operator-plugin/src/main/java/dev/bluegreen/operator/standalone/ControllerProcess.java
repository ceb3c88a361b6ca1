package dev.bluegreen.operator.standalone;

import dev.bluegreen.operator.controller.BlueGreenController;
import dev.bluegreen.operator.controller.BlueGreenReconciler;
import dev.bluegreen.operator.controller.Extensions;
import dev.bluegreen.operator.controller.ParentTriggers;
import dev.bluegreen.operator.internal.apply.Leases;
import dev.bluegreen.operator.internal.dashboard.DashboardData;
import dev.bluegreen.operator.internal.dashboard.DashboardServer;
import dev.bluegreen.operator.internal.http.Health;
import dev.bluegreen.operator.internal.http.Informers;
import dev.bluegreen.operator.internal.http.Probes;
import dev.bluegreen.operator.internal.process.RegisterOnceMetrics;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.api.config.ConfigurationServiceOverrider;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfigurationBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A running FlinkBlueGreenDeployment controller with its own JOSDK {@link Operator}, shared by the
 * standalone jar and the drop-in plugin: watched namespaces and Lease leader election from {@link
 * ControllerOptions} (and where the children's REST APIs are), external reconcile requests through
 * {@link #triggers()}.
 *
 * <p>Leader election: JOSDK starts event processing once this replica holds the Lease. Losing the
 * Lease while running calls {@code onLostLeadership} (JOSDK's exit-on-stop-leading is off, because
 * it would also fire on a normal stop). {@link #close()} stops the operator and releases the Lease
 * (JOSDK does not), so a standby takes over at once. Thread-safe.
 */
public final class ControllerProcess implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerProcess.class);

    private final KubernetesClient client;
    private final ControllerOptions options;
    private final Operator operator;
    private final ParentTriggers triggers = new ParentTriggers();
    private final DashboardData dashboard; // null: no dashboard
    private final AtomicBoolean closing = new AtomicBoolean();
    private volatile boolean leading;
    private volatile String leader;

    private ControllerProcess(
            KubernetesClient client,
            ControllerOptions options,
            RegisterOnceMetrics metrics,
            Runnable onLostLeadership) {
        this.client = client;
        this.options = options;
        this.dashboard = options.dashboardPort() == 0 ? null : new DashboardData();
        this.operator = new Operator(configuration(metrics, onLostLeadership));
    }

    /**
     * Registers the controller and starts the operator; returns once the informers have started
     * (not necessarily leading).
     *
     * @param client the API client; not closed by {@link #close()}
     * @param metrics JOSDK's meters, one instance across all starts of the process, so that a retry
     *     does not register the gauges again
     * @param onLostLeadership runs (on a JOSDK thread) when the Lease is lost while not closing
     * @throws IllegalStateException naming missing upstream CRDs (nothing is started then)
     * @throws io.javaoperatorsdk.operator.OperatorException when JOSDK cannot start, e.g. no
     *     permission on the Lease
     */
    public static ControllerProcess start(
            KubernetesClient client,
            ControllerOptions options,
            RegisterOnceMetrics metrics,
            Runnable onLostLeadership) {
        return start(client, options, Extensions.none(), metrics, onLostLeadership);
    }

    /**
     * Registers the controller with {@code extensions} for the parents to pick from and starts the
     * operator; otherwise as {@link #start(KubernetesClient, ControllerOptions,
     * RegisterOnceMetrics, Runnable)}.
     */
    public static ControllerProcess start(
            KubernetesClient client,
            ControllerOptions options,
            Extensions extensions,
            RegisterOnceMetrics metrics,
            Runnable onLostLeadership) {
        var process = new ControllerProcess(client, options, metrics, onLostLeadership);
        var config =
                BlueGreenReconciler.Config.of(Clock.systemUTC())
                        .withIngressVersion(BlueGreenController.ingressApiVersion(client))
                        .withTriggers(process.triggers)
                        .withRestEndpoints(options.restEndpoints())
                        .withExtensions(extensions);
        if (process.dashboard != null) {
            config = config.withDashboard(process.dashboard);
        }
        BlueGreenController.register(process.operator, config, options.namespaces());
        process.startOperator();
        LOG.info(
                "Controller started: namespaces {}, leader election {}, extensions {}",
                options.namespaces().isEmpty() ? "all" : options.namespaces(),
                electionText(options),
                extensions.names());
        return process;
    }

    /** Starts the operator; stops it again if it cannot start. */
    private void startOperator() {
        try {
            operator.start();
        } catch (RuntimeException e) {
            closing.set(true);
            operator.stop();
            throw e;
        }
    }

    private static String electionText(ControllerOptions options) {
        if (!options.leaderElection()) {
            return "off";
        }
        return "on (Lease "
                + options.leaseNamespace().orElseThrow()
                + "/"
                + options.leaseName()
                + ", identity "
                + options.identity()
                + ")";
    }

    /**
     * The probes' answer now ({@link Probes}): live while every informer runs, ready once every
     * informer synced, on a standby replica too; the detail names this replica's Lease role.
     */
    public Health health() {
        var runtime = operator.getRuntimeInfo();
        return Probes.of(runtime.isStarted(), Informers.of(runtime), role());
    }

    private String role() {
        if (!options.leaderElection()) {
            return "leader election off";
        }
        if (leading) {
            return "leader (Lease " + options.leaseName() + ")";
        }
        return "standby (Lease "
                + options.leaseName()
                + " held by "
                + (leader == null ? "nobody yet" : leader)
                + ")";
    }

    /** What the dashboard shows of this controller, or {@code null} without a dashboard. */
    public DashboardData dashboard() {
        return dashboard;
    }

    /**
     * Serves the dashboard of {@code options} (none for port 0) with the data of whichever
     * controller {@code current} gives; a port that cannot be bound is logged naming {@code option}
     * and leaves the controller running without a dashboard.
     *
     * @return the server, or {@code null}
     */
    public static DashboardServer openDashboard(
            ControllerOptions options, Supplier<ControllerProcess> current, String option) {
        if (options.dashboardPort() == 0) {
            return null;
        }
        try {
            var server =
                    DashboardServer.start(
                            options.dashboardAddress(),
                            options.dashboardPort(),
                            () -> {
                                var process = current.get();
                                return process == null ? null : process.dashboard();
                            },
                            Clock.systemUTC());
            LOG.info(
                    "Serving the dashboard on http://{}:{}/",
                    options.dashboardAddress(),
                    server.port());
            return server;
        } catch (IOException | RuntimeException e) {
            LOG.error(
                    "{}: cannot serve the dashboard on {}:{} ({}); running without it",
                    option,
                    options.dashboardAddress(),
                    options.dashboardPort(),
                    e.toString());
            return null;
        }
    }

    /** Reconcile requests from outside, e.g. the drop-in listener's callbacks. */
    public ParentTriggers triggers() {
        return triggers;
    }

    /** Stops the operator and releases the Lease if this replica holds it. Idempotent. */
    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        operator.stop();
        if (options.leaderElection()) {
            boolean released =
                    Leases.release(
                            client,
                            options.leaseNamespace().orElseThrow(),
                            options.leaseName(),
                            options.identity());
            LOG.info("Lease {}", released ? "released" : "not held, nothing to release");
        }
    }

    private Consumer<ConfigurationServiceOverrider> configuration(
            RegisterOnceMetrics metrics, Runnable onLostLeadership) {
        Consumer<ConfigurationServiceOverrider> base =
                BlueGreenController.operatorConfiguration()
                        .andThen(
                                o ->
                                        o.withMetrics(metrics)
                                                .withKubernetesClient(client)
                                                .withCloseClientOnStop(false));
        if (!options.leaderElection()) {
            return base;
        }
        return base.andThen(o -> o.withLeaderElectionConfiguration(election(onLostLeadership)));
    }

    private LeaderElectionConfiguration election(Runnable onLostLeadership) {
        return LeaderElectionConfigurationBuilder.aLeaderElectionConfiguration(options.leaseName())
                .withLeaseNamespace(options.leaseNamespace().orElseThrow())
                .withIdentity(options.identity())
                // JOSDK would call System.exit(1) on every stop of leading, the normal stop
                // included (and exit inside a shutdown hook blocks for ever)
                .withExitOnStopLeading(false)
                .withLeaderCallbacks(
                        new LeaderCallbacks(
                                this::startedLeading,
                                () -> stoppedLeading(onLostLeadership),
                                this::newLeader))
                .build();
    }

    private void startedLeading() {
        leading = true;
        LOG.info("Leading as {}", options.identity());
    }

    private void stoppedLeading(Runnable onLostLeadership) {
        leading = false;
        if (!closing.get()) {
            LOG.error("Lost the Lease {} while running", options.leaseName());
            onLostLeadership.run();
        }
    }

    private void newLeader(String identity) {
        leader = identity;
        LOG.info("Leader is {}", identity);
    }
}
