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
import io.javaoperatorsdk.operator.monitoring.micrometer.MicrometerMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One-call registration of the FlinkBlueGreenDeployment controller into a JOSDK {@link Operator},
 * e.g. in a fork of the Flink operator:
 *
 * <pre>{@code
 * Operator operator = new Operator(BlueGreenController.operatorConfiguration()
 *         .andThen(o -> o.withKubernetesClient(client)));
 * BlueGreenController.register(operator, Clock.systemUTC());
 * operator.start();
 * }</pre>
 *
 * <p>The CRD ({@code docs/deploy/}) must be installed. The controller needs the operator
 * configuration of {@link #operatorConfiguration()}: server-side apply of the primary resource off
 * (status is written with optimistic locking), and informer errors at start-up not fatal (missing
 * RBAC leaves the operator up; the informers keep retrying and the controller works once access is
 * granted). The upstream FlinkDeployment and FlinkStateSnapshot CRDs must be installed: {@code
 * register} checks them and fails with a message naming the missing ones.
 *
 * <p>Registration reads the Kubernetes server version once ({@code GET /version}) to choose the
 * parent Ingress API ({@link IngressApi#forServer}); if it cannot be read, {@code
 * networking.k8s.io/v1} is used.
 */
public final class BlueGreenController {
    private static final Logger LOG = LoggerFactory.getLogger(BlueGreenController.class);

    private BlueGreenController() {}

    /**
     * Registers the controller.
     *
     * @param operator the operator, built with {@link #operatorConfiguration()}, not yet started
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
     * bluegreen.failures}, {@code bluegreen.phase.duration}) in {@code registry}.
     *
     * @param operator the operator, built with {@link #operatorConfiguration(MeterRegistry)}
     * @param clock the time source of every decision
     * @return JOSDK's handle of the registered controller
     * @throws IllegalStateException naming the upstream CRDs (FlinkDeployment, FlinkStateSnapshot)
     *     that are not installed; nothing is registered then
     */
    public static RegisteredController<FlinkBlueGreenDeployment> register(
            Operator operator, Clock clock, MeterRegistry registry) {
        KubernetesClient client = operator.getKubernetesClient();
        failOnMissingCrds(client);
        return operator.register(
                new BlueGreenReconciler(
                        BlueGreenReconciler.Config.of(clock)
                                .withRegistry(registry)
                                .withIngressVersion(ingressApiVersion(client))));
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
