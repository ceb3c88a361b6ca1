package dev.bluegreen.operator.bench;

import dev.bluegreen.operator.controller.BlueGreenController;
import dev.bluegreen.operator.fake.FakeFlinkOperator;

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
 * operator 1.15 FlinkDeployment and FlinkStateSnapshot CRDs, the fake upstream operator, and the
 * controller, which can be stopped and started again. Each party has its own client and User-Agent,
 * so the recorded requests tell them apart. Not thread-safe.
 */
final class BenchCluster implements AutoCloseable {
    static final String NS = "default";
    static final String CONTROLLER = "bluegreen-controller";
    static final String FAKE = "fake-flink-operator";
    static final String BENCH = "bench";

    final KubernetesClient client;
    final RequestRecorder recorder;
    final FakeFlinkOperator fake;
    private final KubernetesMockServer server;
    private final KubernetesClient controllerClient;
    private final KubernetesClient fakeClient;
    private Operator operator;
    private SimpleMeterRegistry registry;

    private BenchCluster(KubernetesMockServer server) {
        this.server = server;
        this.recorder = new RequestRecorder(server, CONTROLLER);
        this.client = clientFor(server, BENCH);
        this.controllerClient = clientFor(server, CONTROLLER);
        this.fakeClient = clientFor(server, FAKE);
        installCrds(client);
        this.fake = FakeFlinkOperator.start(fakeClient);
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

    /** Starts a new controller instance (a new JOSDK operator with empty informer caches). */
    void startController() {
        registry = new SimpleMeterRegistry();
        operator =
                new Operator(
                        BlueGreenController.operatorConfiguration(registry)
                                .andThen(
                                        o ->
                                                o.withKubernetesClient(controllerClient)
                                                        .withCloseClientOnStop(false)));
        BlueGreenController.register(operator, Clock.systemUTC(), registry);
        operator.start();
    }

    /** Stops the controller and drops every reference to it, so its caches can be collected. */
    void stopController() {
        operator.stop();
        operator = null;
        registry = null;
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
