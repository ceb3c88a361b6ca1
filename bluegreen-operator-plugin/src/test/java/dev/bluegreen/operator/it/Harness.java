package dev.bluegreen.operator.it;

import dev.bluegreen.operator.controller.BlueGreenController;
import dev.bluegreen.operator.controller.BlueGreenReconciler;
import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.processing.retry.GenericRetry;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import static org.awaitility.Awaitility.await;

/** Our CRD, the fake Flink operator and the controller on the mock server, for one test. */
final class Harness implements AutoCloseable {
    static final String NS = "default";
    static final Duration WAIT = Duration.ofSeconds(20);

    /** The User-Agent of the controller's requests. */
    static final String CONTROLLER_AGENT = "bluegreen-controller";

    final KubernetesClient client;
    final FakeFlinkOperator fake;
    final MeterRegistry registry = new SimpleMeterRegistry();
    private final KubernetesMockServer server;
    private final Chaos chaos;
    private final UnaryOperator<BlueGreenReconciler.Config> configure;
    private final KubernetesClient controllerClient;
    private final KubernetesClient fakeClient;
    private final List<Call> controllerCalls = new ArrayList<>();
    private final List<Call> kubectlCalls = new ArrayList<>();
    private Operator operator;

    /** One request the mock server received. */
    record Call(String agent, String method, String path) {
        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    Harness(KubernetesClient client, KubernetesMockServer server) {
        this(client, server, null);
    }

    /** A harness whose controller requests pass through {@code chaos} (may be null). */
    Harness(KubernetesClient client, KubernetesMockServer server, Chaos chaos) {
        this(client, server, chaos, null);
    }

    /**
     * A harness whose reconciler is built from {@code configure} applied to the default config
     * (extensions, REST endpoints); {@code null}: the registration a user makes.
     */
    Harness(
            KubernetesClient client,
            KubernetesMockServer server,
            Chaos chaos,
            UnaryOperator<BlueGreenReconciler.Config> configure) {
        this.chaos = chaos;
        this.configure = configure;
        this.client = client;
        this.server = server;
        this.controllerClient = withAgent(client, CONTROLLER_AGENT, chaos);
        this.fakeClient = withAgent(client, "fake-flink-operator");
        try (InputStream crd =
                getClass()
                        .getResourceAsStream(
                                "/META-INF/fabric8/flinkbluegreendeployments.bluegreen.dev-v1.yml")) {
            client.apiextensions().v1().customResourceDefinitions().load(crd).create();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        fake = FakeFlinkOperator.start(fakeClient);
        startController();
    }

    void startController() {
        operator =
                new Operator(
                        BlueGreenController.operatorConfiguration(registry)
                                .andThen(
                                        o ->
                                                o.withKubernetesClient(controllerClient)
                                                        .withCloseClientOnStop(false)));
        if (chaos == null && configure == null) {
            BlueGreenController.register(operator, Clock.systemUTC(), registry);
        } else if (chaos == null) {
            var config = BlueGreenReconciler.Config.of(Clock.systemUTC()).withRegistry(registry);
            operator.register(new BlueGreenReconciler(configure.apply(config)));
        } else {
            // with injected errors, JOSDK's default retry (2 s, x1.5, 5 attempts) makes the test
            // slow; the same reconciler with a quicker retry
            operator.register(
                    new BlueGreenReconciler(
                            BlueGreenReconciler.Config.of(Clock.systemUTC())
                                    .withRegistry(registry)),
                    o ->
                            o.withRetry(
                                    new GenericRetry().setInitialInterval(200).setMaxAttempts(10)));
        }
        operator.start();
    }

    void stopController() {
        operator.stop();
    }

    FlinkBlueGreenDeployment create(FlinkBlueGreenDeployment parent) {
        return client.resource(parent).create();
    }

    FlinkBlueGreenDeployment get(String name) {
        return client.resources(FlinkBlueGreenDeployment.class)
                .inNamespace(NS)
                .withName(name)
                .get();
    }

    /** Edits the parent with a GET + PUT (retried on conflicts). */
    void edit(String name, UnaryOperator<FlinkBlueGreenDeployment> change) {
        await().atMost(WAIT)
                .ignoreExceptions()
                .until(
                        () -> {
                            client.resource(change.apply(get(name))).update();
                            return true;
                        });
    }

    /** Edits the parent's template spec in place. */
    void editTemplate(String name, java.util.function.Consumer<ObjectNode> change) {
        edit(
                name,
                p -> {
                    change.accept((ObjectNode) p.getSpec().getTemplate().getSpec());
                    return p;
                });
    }

    /** Sets an option in the parent's {@code spec.configuration}. */
    void option(String name, String key, String value) {
        edit(
                name,
                p -> {
                    p.getSpec().getConfiguration().put(key, value);
                    return p;
                });
    }

    /** Sets an annotation on the parent. */
    void annotate(String name, String key, String value) {
        edit(
                name,
                p -> {
                    if (p.getMetadata().getAnnotations() == null) {
                        p.getMetadata().setAnnotations(new LinkedHashMap<>());
                    }
                    p.getMetadata().getAnnotations().put(key, value);
                    return p;
                });
    }

    /** The reasons of the events about the parent, in creation order. */
    List<String> eventReasons(String name) {
        return client.v1().events().inNamespace(NS).list().getItems().stream()
                .filter(e -> name.equals(e.getInvolvedObject().getName()))
                .sorted(java.util.Comparator.comparing(e -> e.getMetadata().getName()))
                .map(e -> e.getType() + ":" + e.getReason())
                .toList();
    }

    /** Creates the parent and waits until blue is active. */
    void deployed(FlinkBlueGreenDeployment parent) {
        create(parent);
        awaitState(parent.getMetadata().getName(), "ACTIVE_BLUE");
    }

    /** The parent's status, specs and events, for failure messages. */
    String describe(String name) {
        var parent = get(name);
        if (parent == null) {
            return "(gone)";
        }
        return "status "
                + parent.getStatus()
                + ", lastStableSpec "
                + (parent.getStatus() == null ? null : parent.getStatus().getLastStableSpec())
                + ", spec "
                + SpecJson.tree(parent.getSpec())
                + ", events "
                + eventReasons(name);
    }

    /** The reason of the parent's condition {@code type}, or null. */
    String condition(String name, String type) {
        var parent = get(name);
        if (parent == null || parent.getStatus() == null) {
            return null;
        }
        return parent.getStatus().getConditions().stream()
                .filter(c -> c.getType().equals(type))
                .map(c -> c.getReason())
                .findFirst()
                .orElse(null);
    }

    String state(String name) {
        var parent = get(name);
        return parent == null || parent.getStatus() == null ? null : parent.getStatus().getState();
    }

    void awaitState(String name, String state) {
        await().atMost(WAIT)
                .untilAsserted(
                        () ->
                                org.assertj.core.api.Assertions.assertThat(state(name))
                                        .as("state of %s: %s", name, describe(name))
                                        .isEqualTo(state));
    }

    /**
     * The REST Service the parent Ingress {@code name} (networking.k8s.io/v1) routes to, or {@code
     * null} when there is no such Ingress.
     */
    String ingressBackend(String name) {
        var ingress = client.network().v1().ingresses().inNamespace(NS).withName(name).get();
        return ingress == null
                ? null
                : ingress.getSpec()
                        .getRules()
                        .get(0)
                        .getHttp()
                        .getPaths()
                        .get(0)
                        .getBackend()
                        .getService()
                        .getName();
    }

    GenericKubernetesResource child(String name) {
        return fake.deployment(NS, name);
    }

    private static KubernetesClient withAgent(KubernetesClient client, String agent) {
        return withAgent(client, agent, null);
    }

    private static KubernetesClient withAgent(KubernetesClient client, String agent, Chaos chaos) {
        return new KubernetesClientBuilder()
                .withHttpClientBuilderConsumer(
                        b -> {
                            if (chaos != null) {
                                b.addOrReplaceInterceptor("chaos", chaos);
                            }
                        })
                .withConfig(
                        new ConfigBuilder(client.getConfiguration()).withUserAgent(agent).build())
                .build();
    }

    /**
     * Every request received since the last drain, in order. The controller's requests are also
     * kept for the RBAC check at {@link #close()}, kubectl's for {@link #kubectlCalls()}.
     */
    List<Call> drain() {
        List<Call> calls = new ArrayList<>();
        try {
            RecordedRequest request;
            while ((request = server.takeRequest(1, TimeUnit.MILLISECONDS)) != null) {
                String agent = request.getHeader("User-Agent");
                calls.add(
                        new Call(
                                agent == null ? "" : agent,
                                request.getMethod(),
                                request.getPath()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        calls.stream()
                .filter(c -> CONTROLLER_AGENT.equals(c.agent()))
                .forEach(controllerCalls::add);
        calls.stream().filter(c -> c.agent().startsWith("kubectl/")).forEach(kubectlCalls::add);
        return calls;
    }

    /** Every request kubectl sent (the plugin's, through the real kubectl) until now. */
    List<Call> kubectlCalls() {
        drain();
        return List.copyOf(kubectlCalls);
    }

    /** The non-GET requests of the controller since the last drain, in order. */
    List<String> controllerWrites() {
        return drain().stream()
                .filter(c -> CONTROLLER_AGENT.equals(c.agent()) && !"GET".equals(c.method()))
                .map(Call::toString)
                .toList();
    }

    /**
     * Stops everything and checks that every request of the controller is allowed by
     * docs/deploy/rbac.yaml.
     */
    @Override
    public void close() {
        operator.stop();
        fake.close();
        drain();
        fakeClient.close();
        controllerClient.close();
        Rbac.fromProject().assertAllows(controllerCalls);
    }
}
