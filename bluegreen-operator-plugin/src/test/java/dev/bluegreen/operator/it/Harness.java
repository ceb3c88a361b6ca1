package dev.bluegreen.operator.it;

import dev.bluegreen.operator.controller.BlueGreenController;
import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.resource.DeploymentTemplate;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;
import dev.bluegreen.operator.spec.SpecJson;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.awaitility.Awaitility.await;

/** Our CRD, the fake Flink operator and the controller on the mock server, for one test. */
final class Harness implements AutoCloseable {
    static final String NS = "default";
    static final Duration WAIT = Duration.ofSeconds(20);

    final KubernetesClient client;
    final FakeFlinkOperator fake;
    private Operator operator;

    Harness(KubernetesClient client) {
        this.client = client;
        try (InputStream crd =
                getClass()
                        .getResourceAsStream(
                                "/META-INF/fabric8/flinkbluegreendeployments.bluegreen.dev-v1.yml")) {
            client.apiextensions().v1().customResourceDefinitions().load(crd).create();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        fake = FakeFlinkOperator.start(client);
        startController();
    }

    void startController() {
        operator =
                new Operator(
                        BlueGreenController.operatorConfiguration()
                                .andThen(
                                        o ->
                                                o.withKubernetesClient(client)
                                                        .withCloseClientOnStop(false)));
        BlueGreenController.register(operator, Clock.systemUTC());
        operator.start();
    }

    void stopController() {
        operator.stop();
    }

    /** A parent with template spec {@code templateSpec} (JSON), zero soak and short timers. */
    static FlinkBlueGreenDeployment parent(String name, String templateSpec) {
        var template = new DeploymentTemplate();
        template.setSpec(SpecJson.parse(templateSpec, "test"));
        var spec = new FlinkBlueGreenDeploymentSpec();
        spec.setTemplate(template);
        Map<String, String> config = new LinkedHashMap<>();
        config.put("kubernetes.operator.bluegreen.readiness.soak", "0 ms");
        config.put("kubernetes.operator.bluegreen.reconciliation.reschedule-interval", "2 s");
        spec.setConfiguration(config);
        var parent = new FlinkBlueGreenDeployment();
        parent.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
        parent.setSpec(spec);
        return parent;
    }

    static String job(int parallelism, String upgradeMode) {
        return "{\"image\":\"flink:1.20\",\"flinkVersion\":\"v1_20\",\"job\":{\"jarURI\":\"local:///app.jar\","
                + "\"parallelism\":"
                + parallelism
                + ",\"upgradeMode\":\""
                + upgradeMode
                + "\"}}";
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

    String state(String name) {
        var parent = get(name);
        return parent == null || parent.getStatus() == null ? null : parent.getStatus().getState();
    }

    void awaitState(String name, String state) {
        await().atMost(WAIT).until(() -> state.equals(state(name)));
    }

    GenericKubernetesResource child(String name) {
        return fake.deployment(NS, name);
    }

    @SuppressWarnings("unchecked")
    static Object at(GenericKubernetesResource resource, String... path) {
        Object node = resource.getAdditionalProperties();
        for (String key : path) {
            if (!(node instanceof Map<?, ?> map)) {
                return null;
            }
            node = ((Map<String, Object>) map).get(key);
        }
        return node;
    }

    @Override
    public void close() {
        operator.stop();
        fake.close();
    }
}
