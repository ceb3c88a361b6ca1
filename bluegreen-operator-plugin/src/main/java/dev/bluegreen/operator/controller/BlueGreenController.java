package dev.bluegreen.operator.controller;

import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.operator.internal.apply.InstalledCrds;
import dev.bluegreen.operator.internal.spec.IngressApi;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.VersionInfo;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.RegisteredController;
import io.javaoperatorsdk.operator.api.config.ConfigurationServiceOverrider;
import io.javaoperatorsdk.operator.api.reconciler.Constants;
import io.javaoperatorsdk.operator.monitoring.micrometer.MicrometerMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Registration of the FlinkBlueGreenDeployment controller into a JOSDK {@link Operator}, e.g. in a
 * fork of the Flink operator, before {@code operator.start()}:
 *
 * <pre>{@code
 * var registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
 * BlueGreenController.registerIfCrdsInstalled(operator, Clock.systemUTC(), registry);
 * operator.start();
 * }</pre>
 *
 * <p>Our CRD ({@code docs/deploy/}) and the upstream FlinkDeployment and FlinkStateSnapshot CRDs
 * must be installed. {@link #registerIfCrdsInstalled} reports missing ones and registers nothing
 * (the host's other controllers run); the {@code register} forms throw instead.
 *
 * <p>Watched namespaces, first match wins: the set passed to {@link #register(Operator,
 * BlueGreenReconciler.Config, Set)} or {@link #register(Operator, Clock, MeterRegistry, Set,
 * ParentTriggers)}; else those of the controllers already registered in {@code operator} (the
 * host's, e.g. upstream's FlinkDeployment controller: their union, all when one of them watches
 * all); else all namespaces.
 *
 * <p>The controller wants the operator configuration of {@link #operatorConfiguration()}:
 * server-side apply of the primary resource off (the Flink operator sets it off too) and informer
 * errors at start-up not fatal (with them fatal, a failing informer of ours, e.g. missing RBAC,
 * stops the whole operator's start). Registration reads the Kubernetes server version once ({@code
 * GET /version}) to choose the parent Ingress API ({@link IngressApi#forServer}); if it cannot be
 * read, {@code networking.k8s.io/v1} is used. Call from the thread that builds the operator.
 */
public final class BlueGreenController {
    private static final Logger LOG = LoggerFactory.getLogger(BlueGreenController.class);

    private static final List<String> CRDS =
            List.of(
                    InstalledCrds.FLINK_BLUE_GREEN_DEPLOYMENT,
                    InstalledCrds.FLINK_DEPLOYMENT,
                    InstalledCrds.FLINK_STATE_SNAPSHOT);

    private BlueGreenController() {}

    /**
     * Registers the controller with its meters in Micrometer's global registry, which the
     * standalone process and the drop-in export and a fork does not: forks use {@link
     * #registerIfCrdsInstalled}. Namespaces: the host's (see the class comment).
     *
     * @param operator the operator, not yet started
     * @param clock the time source of every decision
     * @return JOSDK's handle of the registered controller
     * @throws IllegalStateException naming the upstream CRDs that are not installed
     */
    public static RegisteredController<FlinkBlueGreenDeployment> register(
            Operator operator, Clock clock) {
        return register(operator, clock, Metrics.globalRegistry);
    }

    /**
     * Registers the controller with its meters ({@code bluegreen.transitions}, {@code
     * bluegreen.failures}, {@code bluegreen.phase.duration}, ...) in {@code registry}, watching the
     * host's namespaces (see the class comment).
     *
     * @param operator the operator, not yet started
     * @param clock the time source of every decision
     * @return JOSDK's handle of the registered controller
     * @throws IllegalStateException naming the upstream CRDs (FlinkDeployment, FlinkStateSnapshot)
     *     that are not installed; nothing is registered then
     */
    public static RegisteredController<FlinkBlueGreenDeployment> register(
            Operator operator, Clock clock, MeterRegistry registry) {
        failOnMissingCrds(operator.getKubernetesClient());
        return registerInHost(operator, clock, registry);
    }

    /**
     * The registration for a fork of the Flink operator: like {@link #register(Operator, Clock,
     * MeterRegistry)}, but a missing CRD (ours, FlinkDeployment or FlinkStateSnapshot) is logged as
     * an error naming it and nothing is registered, instead of an exception that would stop the
     * host operator. Install the CRDs and restart the operator to add the controller then. When
     * CRDs cannot be read (HTTP 403) it registers, and the informers report what is wrong.
     *
     * @param operator the host operator, its own controllers already registered (their namespaces
     *     are ours), not yet started
     * @param clock the time source of every decision
     * @param registry where the controller's meters go; the fork exports it (docs/controller.md)
     * @return JOSDK's handle of the registered controller, or empty when a CRD is missing
     */
    public static Optional<RegisteredController<FlinkBlueGreenDeployment>> registerIfCrdsInstalled(
            Operator operator, Clock clock, MeterRegistry registry) {
        List<String> missing = InstalledCrds.missing(operator.getKubernetesClient(), CRDS);
        if (!missing.isEmpty()) {
            LOG.error(
                    "FlinkBlueGreenDeployment controller not registered: CRDs not installed: {}"
                            + " (install them and restart the operator; its other controllers run)",
                    missing);
            return Optional.empty();
        }
        return Optional.of(registerInHost(operator, clock, registry));
    }

    private static RegisteredController<FlinkBlueGreenDeployment> registerInHost(
            Operator operator, Clock clock, MeterRegistry registry) {
        KubernetesClient client = operator.getKubernetesClient();
        var config =
                BlueGreenReconciler.Config.of(clock)
                        .withRegistry(registry)
                        .withIngressVersion(ingressApiVersion(client));
        Optional<Set<String>> host = HostNamespaces.of(operator);
        if (host.isEmpty()) {
            LOG.warn(
                    "No other controller registered yet: watching all namespaces (register after"
                            + " the host's controllers to watch their namespaces)");
        }
        Set<String> namespaces = host.orElse(Constants.WATCH_ALL_NAMESPACE_SET);
        LOG.info("FlinkBlueGreenDeployment controller watches {}", namespaces);
        return operator.register(
                new BlueGreenReconciler(config), o -> o.settingNamespaces(namespaces));
    }

    /**
     * Registers the controller watching only {@code namespaces} (its parents and, through the
     * informers, their children, snapshots and ingresses), and reconciling a parent whenever {@code
     * triggers} asks (the drop-in plugin feeds it from the upstream operator's listener callbacks).
     *
     * @param namespaces the watched namespaces; empty = all namespaces
     * @param triggers extra reconcile requests, registered as an event source of the controller
     * @throws IllegalStateException naming the upstream CRDs that are not installed
     */
    public static RegisteredController<FlinkBlueGreenDeployment> register(
            Operator operator,
            Clock clock,
            MeterRegistry registry,
            Set<String> namespaces,
            ParentTriggers triggers) {
        KubernetesClient client = operator.getKubernetesClient();
        return register(
                operator,
                BlueGreenReconciler.Config.of(clock)
                        .withRegistry(registry)
                        .withIngressVersion(ingressApiVersion(client))
                        .withTriggers(triggers),
                namespaces);
    }

    /**
     * Registers the controller built from {@code config} as it is (a fork or a local run sets the
     * Ingress API with {@link #ingressApiVersion}, and where the children's REST APIs are with
     * {@link BlueGreenReconciler.Config#withRestEndpoints}).
     *
     * @param namespaces the watched namespaces; empty = all namespaces
     * @throws IllegalStateException naming the upstream CRDs that are not installed
     */
    public static RegisteredController<FlinkBlueGreenDeployment> register(
            Operator operator, BlueGreenReconciler.Config config, Set<String> namespaces) {
        failOnMissingCrds(operator.getKubernetesClient());
        var reconciler = new BlueGreenReconciler(config);
        if (namespaces.isEmpty()) {
            return operator.register(reconciler);
        }
        return operator.register(reconciler, o -> o.settingNamespaces(Set.copyOf(namespaces)));
    }

    /**
     * Installs a JVM shutdown hook that stops {@code operator} when JOSDK installs none: with
     * leader election on ({@code kubernetes.operator.leader-election.enabled} in a fork), {@code
     * Operator.installShutdownHook} only warns, and the JVM would exit without stopping any
     * controller. The hook stops the whole operator (all its controllers, in-flight reconciles
     * finish within JOSDK's termination timeout) on a daemon thread and returns once they have
     * stopped, or after {@code bound}: with leader election, JOSDK ends its stop in {@code
     * System.exit(1)} (its default {@code exitOnStopLeading}), which would block a hook for ever.
     * The Lease is not released; a standby takes over when it expires.
     *
     * @param operator the started or not yet started operator
     * @param bound the longest the hook waits for the stop, e.g. the operator's termination timeout
     *     plus a few seconds; keep it under the pod's termination grace period
     * @return the installed hook, or empty when leader election is off (JOSDK's own hook, which
     *     {@code FlinkOperator.run} installs, stops the operator then)
     */
    public static Optional<Thread> installShutdownHook(Operator operator, Duration bound) {
        Optional<Thread> hook = LeaderElectedShutdown.hook(operator, bound);
        hook.ifPresent(Runtime.getRuntime()::addShutdownHook);
        return hook;
    }

    /**
     * The parent Ingress API for the server {@code client} talks to: {@link IngressApi#forServer}
     * of its {@code GET /version}, or {@link IngressApi#DEFAULT} when the version cannot be read.
     */
    public static IngressApiVersion ingressApiVersion(KubernetesClient client) {
        try {
            VersionInfo version = client.getKubernetesVersion();
            if (version == null) {
                return IngressApi.DEFAULT;
            }
            var chosen =
                    IngressApi.forServer(
                            version.getMajor(), version.getMinor(), version.getGitVersion());
            LOG.info("Kubernetes {}: parent Ingress as {}", version.getGitVersion(), chosen);
            return chosen;
        } catch (KubernetesClientException e) {
            LOG.warn(
                    "Kubernetes server version not readable ({}); parent Ingress as {}",
                    e.getMessage(),
                    IngressApi.DEFAULT);
            return IngressApi.DEFAULT;
        }
    }

    private static void failOnMissingCrds(KubernetesClient client) {
        List<String> missing = InstalledCrds.missingUpstream(client);
        if (!missing.isEmpty()) {
            throw new IllegalStateException(
                    "upstream CRDs not installed: "
                            + missing
                            + " (install the Flink Kubernetes Operator 1.10 or newer, or its CRDs,"
                            + " then start the controller again)");
        }
    }

    /**
     * The operator configuration of {@link #operatorConfiguration()} plus JOSDK's own Micrometer
     * metrics (reconciliations, retries, errors per controller) in {@code registry}.
     */
    public static Consumer<ConfigurationServiceOverrider> operatorConfiguration(
            MeterRegistry registry) {
        return operatorConfiguration()
                .andThen(o -> o.withMetrics(MicrometerMetrics.withoutPerResourceMetrics(registry)));
    }

    /**
     * The operator configuration the controller needs: {@code
     * withUseSSAToPatchPrimaryResource(false)} and {@code
     * withStopOnInformerErrorDuringStartup(false)} (missing upstream CRDs do not stop the
     * operator).
     */
    public static Consumer<ConfigurationServiceOverrider> operatorConfiguration() {
        return o ->
                o.withUseSSAToPatchPrimaryResource(false)
                        .withStopOnInformerErrorDuringStartup(false);
    }
}
