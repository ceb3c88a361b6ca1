package dev.bluegreen.operator.bench;

import dev.bluegreen.operator.controller.BlueGreenController;
import dev.bluegreen.operator.controller.BlueGreenReconciler;
import dev.bluegreen.operator.controller.ParentTriggers;
import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.internal.apply.InstalledCrds;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.javaoperatorsdk.operator.Operator;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;

/**
 * The embedded API (fabric8 mock server, CRUD mode, in this JVM) with our CRD and the upstream
 * operator 1.15 FlinkDeployment and FlinkStateSnapshot CRDs, the fake upstream operator (stepping
 * each object {@value #FAKE_STEP_DELAY_MS} ms after its informer reports a change), and the
 * controller, which can be stopped and started again. Each party has its own client and User-Agent,
 * so the recorded requests tell them apart. Not thread-safe.
 */
final class BenchCluster implements AutoCloseable {
    static final String NS = "default";
    static final String CONTROLLER = "bluegreen-controller";
    static final String FAKE = "fake-flink-operator";
    static final String BENCH = "bench";

    /** How long the fake operator takes per step of a FlinkDeployment or snapshot. */
    static final long FAKE_STEP_DELAY_MS = 50;

    final KubernetesClient client;
    final RequestRecorder recorder;
    final FakeFlinkOperator fake;
    private final KubernetesMockServer server;
    private final KubernetesClient controllerClient;
    private final KubernetesClient fakeClient;
    private Operator operator;
    private SimpleMeterRegistry registry;
    private ParentTriggers triggers;
    private TimedReconciler reconciler;

    private BenchCluster(KubernetesMockServer server) {
        this.server = server;
        this.recorder = new RequestRecorder(server, CONTROLLER);
        this.client = clientFor(server, BENCH);
        this.controllerClient = clientFor(server, CONTROLLER);
        this.fakeClient = clientFor(server, FAKE);
        installCrds(client);
        this.fake = FakeFlinkOperator.watching(fakeClient, FAKE_STEP_DELAY_MS);
    }

    /** Starts the mock server, installs the CRDs and starts the fake operator (no controller). */
    static BenchCluster start() {
        var server =
                new KubernetesMockServer(
                        new Context(Serialization.jsonMapper()),
                        new MockWebServer(),
                        new HashMap<>(),
                        new KubernetesCrudDispatcher(List.of()),
                        false);
        server.init();
        return new BenchCluster(server);
    }

    /**
     * Starts a new controller instance (a new JOSDK operator with empty informer caches): what
     * {@code BlueGreenController.register(operator, clock, registry, namespaces, triggers)} does,
     * with the reconciler wrapped in a {@link TimedReconciler}.
     */
    void startController() {
        registry = new SimpleMeterRegistry();
        triggers = new ParentTriggers();
        operator =
                new Operator(
                        BlueGreenController.operatorConfiguration(registry)
                                .andThen(
                                        o ->
                                                o.withKubernetesClient(controllerClient)
                                                        .withCloseClientOnStop(false)));
        if (!InstalledCrds.missingUpstream(controllerClient).isEmpty()) {
            throw new IllegalStateException("upstream CRDs missing");
        }
        var config =
                BlueGreenReconciler.Config.of(Clock.systemUTC())
                        .withRegistry(registry)
                        .withIngressVersion(BlueGreenController.ingressApiVersion(controllerClient))
                        .withTriggers(triggers);
        reconciler = new TimedReconciler(new BlueGreenReconciler(config));
        operator.register(reconciler);
        operator.start();
    }

    /** Asks the running controller to reconcile parent {@code name} (no API request). */
    boolean trigger(String name) {
        return triggers.trigger(NS, name);
    }

    /** CPU time and count of the reconciles of the running controller instance. */
    TimedReconciler.Totals reconcileCpu() {
        return reconciler.totals();
    }

    /** Drops the benchmark's own record of which parents the controller reconciled. */
    void forgetReconciled() {
        reconciler.forgetSeen();
    }

    /** Stops the controller and drops every reference to it, so its caches can be collected. */
    void stopController() {
        operator.stop();
        operator = null;
        registry = null;
        triggers = null;
        reconciler = null;
    }

    /** Successful reconciles of the running controller instance (JOSDK's Micrometer counter). */
    double reconciles() {
        var counter =
                registry.find("operator.sdk.controllers.execution.reconcile.success").counter();
        return counter == null ? 0 : counter.count();
    }

    /** The FlinkDeployments or FlinkStateSnapshots ({@code kind}) in the namespace. */
    List<GenericKubernetesResource> flink(String kind) {
        return client.genericKubernetesResources("flink.apache.org/v1beta1", kind)
                .inNamespace(NS)
                .list()
                .getItems();
    }

    private static void installCrds(KubernetesClient client) {
        Path root = ProjectRoot.find();
        try (InputStream ours =
                BenchCluster.class.getResourceAsStream(
                        "/META-INF/fabric8/flinkbluegreendeployments.bluegreen.dev-v1.yml")) {
            client.apiextensions().v1().customResourceDefinitions().load(ours).create();
            for (String kind : List.of("flinkdeployments", "flinkstatesnapshots")) {
                Path crd =
                        root.resolveSibling("shared/upstream-crds")
                                .resolve("operator-1.15.0-" + kind + ".flink.apache.org-v1.yml");
                try (InputStream upstream = Files.newInputStream(crd)) {
                    client.apiextensions().v1().customResourceDefinitions().load(upstream).create();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static KubernetesClient clientFor(KubernetesMockServer server, String agent) {
        var config = server.createClient().getConfiguration();
        return new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder(config).withUserAgent(agent).build())
                .build();
    }

    @Override
    public void close() {
        if (operator != null) {
            stopController();
        }
        fake.close();
        recorder.close();
        fakeClient.close();
        controllerClient.close();
        client.close();
        server.destroy();
    }
}
