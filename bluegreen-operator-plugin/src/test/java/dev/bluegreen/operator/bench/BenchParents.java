package dev.bluegreen.operator.bench;

import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.resource.DeploymentTemplate;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;
import dev.bluegreen.operator.resource.ParentIngressSpec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The benchmark's FlinkBlueGreenDeployments: a realistic savepoint job template (resources, seven
 * Flink options, job arguments), a parent Ingress, zero soak and otherwise upstream's defaults (15
 * s reschedule interval, 0 ms deletion delay).
 */
final class BenchParents {
    static final String TEMPLATE =
            "{\"image\":\"%s\",\"flinkVersion\":\"v1_20\",\"serviceAccount\":\"flink\","
                    + "\"flinkConfiguration\":{\"taskmanager.numberOfTaskSlots\":\"2\","
                    + "\"state.backend.type\":\"rocksdb\","
                    + "\"execution.checkpointing.interval\":\"60 s\","
                    + "\"state.checkpoints.dir\":\"s3://bucket/checkpoints\","
                    + "\"state.savepoints.dir\":\"s3://bucket/savepoints\","
                    + "\"high-availability.type\":\"kubernetes\","
                    + "\"high-availability.storageDir\":\"s3://bucket/ha\"},"
                    + "\"jobManager\":{\"resource\":{\"cpu\":1,\"memory\":\"2048m\"}},"
                    + "\"taskManager\":{\"resource\":{\"cpu\":2,\"memory\":\"4096m\"}},"
                    + "\"job\":{\"jarURI\":\"local:///opt/flink/usrlib/app.jar\","
                    + "\"entryClass\":\"com.example.Job\",\"args\":[\"--env\",\"prod\"],"
                    + "\"parallelism\":4,\"upgradeMode\":\"savepoint\"}}";

    private BenchParents() {}

    /** The parent {@code name} running {@code image}. */
    static FlinkBlueGreenDeployment parent(String name, String image) {
        var template = new DeploymentTemplate();
        template.setSpec(SpecJson.parse(String.format(TEMPLATE, image), "template"));
        var ingress = new ParentIngressSpec();
        ingress.setTemplate("{{name}}.{{namespace}}.example.com");
        ingress.setClassName("nginx");
        var spec = new FlinkBlueGreenDeploymentSpec();
        spec.setTemplate(template);
        spec.setIngress(ingress);
        Map<String, String> config = new LinkedHashMap<>();
        config.put("kubernetes.operator.bluegreen.readiness.soak", "0 ms");
        spec.setConfiguration(config);
        var parent = new FlinkBlueGreenDeployment();
        parent.setMetadata(
                new ObjectMetaBuilder().withName(name).withNamespace(BenchCluster.NS).build());
        parent.setSpec(spec);
        return parent;
    }

    /** The name of parent number {@code i}. */
    static String name(int i) {
        return String.format("job-%04d", i);
    }

    /** How many parents are in each state (null state as "none"), from one LIST. */
    static Map<String, Integer> states(KubernetesClient client) {
        Map<String, Integer> states = new TreeMap<>();
        for (var parent : parents(client).list().getItems()) {
            String state = parent.getStatus() == null ? null : parent.getStatus().getState();
            states.merge(state == null ? "none" : state, 1, Integer::sum);
        }
        return states;
    }

    /** The state of parent {@code name}, or null. */
    static String state(KubernetesClient client, String name) {
        var parent = parents(client).withName(name).get();
        return parent == null || parent.getStatus() == null ? null : parent.getStatus().getState();
    }

    /** Sets the template's image with a GET and a PUT, retrying on 409 Conflict. */
    static void setImage(KubernetesClient client, String name, String image) {
        while (true) {
            var parent = parents(client).withName(name).get();
            ((ObjectNode) parent.getSpec().getTemplate().getSpec()).put("image", image);
            try {
                client.resource(parent).update();
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409) {
                    throw e;
                }
            }
        }
    }

    private static NonNamespaceOperation<
                    FlinkBlueGreenDeployment,
                    KubernetesResourceList<FlinkBlueGreenDeployment>,
                    Resource<FlinkBlueGreenDeployment>>
            parents(KubernetesClient client) {
        return client.resources(FlinkBlueGreenDeployment.class).inNamespace(BenchCluster.NS);
    }
}
