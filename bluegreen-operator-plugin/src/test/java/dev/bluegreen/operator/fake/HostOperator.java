package dev.bluegreen.operator.fake;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.RegisteredController;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The host of a fork, as {@code FlinkOperator} (release-1.15.0) builds it: a JOSDK {@link Operator}
 * with upstream's configuration ({@code withUseSSAToPatchPrimaryResource(false)}, {@code
 * withStopOnInformerErrorDuringStartup} from {@code
 * kubernetes.operator.startup.stop-on-informer-error}, default true; optionally its leader
 * election), and one controller of its own registered with the operator's watched namespaces
 * ({@code overrideControllerConfigs} → {@code settingNamespaces}). Its controller is a stand-in for
 * upstream's FlinkDeployment controller: it reconciles ConfigMaps and remembers which it saw, so a
 * test can tell that the host works.
 */
public final class HostOperator {
    /** The name of the host's controller. */
    public static final String CONTROLLER = "host-configmaps";

    private HostOperator() {}

    /** Upstream's operator configuration, {@code stopOnInformerError} as the operator key says. */
    public static Operator build(KubernetesClient client, boolean stopOnInformerError) {
        return new Operator(
                o ->
                        o.withKubernetesClient(client)
                                .withCloseClientOnStop(false)
                                .withUseSSAToPatchPrimaryResource(false)
                                .withStopOnInformerErrorDuringStartup(stopOnInformerError)
                                .withCacheSyncTimeout(Duration.ofSeconds(10)));
    }

    /**
     * Upstream's operator configuration with its leader election: {@code new
     * LeaderElectionConfiguration(leaseName, null, duration, renewDeadline, retryPeriod)}, so
     * JOSDK's default {@code exitOnStopLeading} (true) unless {@code exitOnStopLeading} is false.
     */
    public static Operator leaderElected(
            KubernetesClient client, String leaseNamespace, boolean exitOnStopLeading) {
        var election =
                new LeaderElectionConfiguration(
                        "flink-operator-lease",
                        leaseNamespace,
                        Duration.ofSeconds(15),
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(2),
                        "host-test",
                        null,
                        exitOnStopLeading);
        return new Operator(
                o ->
                        o.withKubernetesClient(client)
                                .withCloseClientOnStop(false)
                                .withUseSSAToPatchPrimaryResource(false)
                                .withLeaderElectionConfiguration(election));
    }

    /**
     * Registers the host's controller watching {@code namespaces}, as upstream registers its own.
     */
    public static RegisteredController<ConfigMap> registerHostController(
            Operator operator, Set<String> namespaces, ConfigMaps seen) {
        return operator.register(seen, o -> o.settingNamespaces(namespaces));
    }

    /**
     * The host's controller: remembers every ConfigMap it reconciled, as {@code namespace/name}.
     */
    @ControllerConfiguration(name = CONTROLLER)
    public static final class ConfigMaps implements Reconciler<ConfigMap> {
        private final Set<String> seen = ConcurrentHashMap.newKeySet();

        @Override
        public UpdateControl<ConfigMap> reconcile(ConfigMap map, Context<ConfigMap> context) {
            seen.add(map.getMetadata().getNamespace() + "/" + map.getMetadata().getName());
            return UpdateControl.noUpdate();
        }

        /** Whether the controller reconciled {@code namespace/name}. */
        public boolean saw(String namespace, String name) {
            return seen.contains(namespace + "/" + name);
        }
    }
}
