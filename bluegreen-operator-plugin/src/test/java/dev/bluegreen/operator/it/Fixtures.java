package dev.bluegreen.operator.it;

import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.resource.DeploymentTemplate;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.LinkedHashMap;
import java.util.Map;

/** Parents, templates and field access for the integration tests. */
final class Fixtures {
    static final String NS = Harness.NS;

    private Fixtures() {}

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
        parent.setMetadata(
                new ObjectMetaBuilder()
                        .withName(name)
                        .withNamespace(NS)
                        .withAnnotations(new LinkedHashMap<>())
                        .build());
        parent.setSpec(spec);
        return parent;
    }

    /** The parent {@code orders} (a savepoint job of parallelism 2) in {@code namespace}. */
    static FlinkBlueGreenDeployment orders(String namespace) {
        var parent = parent("orders", job(2, "savepoint"));
        parent.getMetadata().setNamespace(namespace);
        return parent;
    }

    /** The state of the parent {@code orders} in {@code namespace}, or null (none, no status). */
    static String ordersState(KubernetesClient client, String namespace) {
        var parent =
                client.resources(FlinkBlueGreenDeployment.class)
                        .inNamespace(namespace)
                        .withName("orders")
                        .get();
        return parent == null || parent.getStatus() == null ? null : parent.getStatus().getState();
    }

    static String job(int parallelism, String upgradeMode) {
        return "{\"image\":\"flink:1.20\",\"flinkVersion\":\"v1_20\",\"serviceAccount\":\"flink\",\"job\":{\"jarURI\":\"local:///app.jar\","
                + "\"parallelism\":"
                + parallelism
                + ",\"upgradeMode\":\""
                + upgradeMode
                + "\"}}";
    }

    static String spec(GenericKubernetesResource child, String... path) {
        Object value = at(child, path);
        return value == null ? null : value.toString();
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
}
