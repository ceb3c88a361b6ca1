package dev.bluegreen.operator.it;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/**
 * Plain FlinkDeployments and parents written and read as untyped objects, for the kubectl plugin's
 * adopt and release tests (a field the typed classes do not know yet is stored as written).
 */
final class KubectlObjects {
    /**
     * A spec with nested objects, empty ones, numbers, booleans and strings that JSON escapes: the
     * adopt command must copy it without changing a value.
     */
    static final String RICH_SPEC =
            "{\"image\":\"flink:1.20\",\"flinkVersion\":\"v1_20\",\"serviceAccount\":\"flink\","
                    + "\"flinkConfiguration\":{\"taskmanager.numberOfTaskSlots\":\"2\","
                    + "\"pipeline.name\":\"orders \\\"v1\\\" <eu> & co \u00e9\"},"
                    + "\"jobManager\":{\"resource\":{\"cpu\":0.5,\"memory\":\"2048m\"}},"
                    + "\"podTemplate\":{\"metadata\":{\"labels\":{}},\"spec\":{\"containers\":"
                    + "[{\"name\":\"flink-main-container\",\"args\":[\"line one\\nline two\"],"
                    + "\"env\":[]}]}},"
                    + "\"job\":{\"jarURI\":\"local:///app.jar\",\"parallelism\":2,"
                    + "\"upgradeMode\":\"savepoint\",\"allowNonRestoredState\":false,"
                    + "\"args\":[\"--tables\",\"a,b\"]}}";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Harness h;

    KubectlObjects(Harness h) {
        this.h = h;
    }

    /** Creates FlinkDeployment {@code name} and waits until the fake operator runs its job. */
    void runningDeployment(String name, String spec, Map<String, String> labels) {
        deployment(name, spec, labels, null);
        awaitJobState(name, "RUNNING");
    }

    /** Creates FlinkDeployment {@code name} with the given spec, labels and owner (may be null). */
    void deployment(String name, String spec, Map<String, String> labels, OwnerReference owner) {
        var meta = new ObjectMetaBuilder().withName(name).withNamespace(Harness.NS);
        if (!labels.isEmpty()) {
            meta.withLabels(new LinkedHashMap<>(labels));
        }
        if (owner != null) {
            meta.withOwnerReferences(owner);
        }
        var deployment = new GenericKubernetesResource();
        deployment.setApiVersion("flink.apache.org/v1beta1");
        deployment.setKind("FlinkDeployment");
        deployment.setMetadata(meta.build());
        deployment.setAdditionalProperty("spec", read(spec));
        deployments().resource(deployment).create();
    }

    void awaitJobState(String name, String state) {
        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                state.equals(
                                        Fixtures.at(
                                                deployment(name), "status", "jobStatus", "state")));
    }

    GenericKubernetesResource deployment(String name) {
        return deployments().withName(name).get();
    }

    /** The spec of FlinkDeployment {@code name} as stored. */
    JsonNode specOf(String name) {
        return JSON.valueToTree(deployment(name).getAdditionalProperties().get("spec"));
    }

    /** The line {@code status} prints for a child after its name. */
    String childLine(String name) {
        var child = deployment(name);
        return "lifecycle "
                + Fixtures.at(child, "status", "lifecycleState")
                + ", job "
                + Fixtures.at(child, "status", "jobStatus", "state")
                + " (job id "
                + Fixtures.at(child, "status", "jobStatus", "jobId")
                + "), generation "
                + child.getMetadata().getGeneration()
                + " observed "
                + Fixtures.at(child, "status", "observedGeneration");
    }

    /** The parent {@code name} as an untyped object, or null. */
    GenericKubernetesResource parent(String name) {
        return parents().withName(name).get();
    }

    /** Writes the parent's status (the controller's part, the controller being stopped). */
    void parentStatus(String name, Map<String, Object> status) {
        var parent = parent(name);
        parent.setAdditionalProperty("status", new LinkedHashMap<>(status));
        parents().resource(parent).updateStatus();
    }

    static OwnerReference controllerReference(String apiVersion, String kind, String name) {
        return new OwnerReferenceBuilder()
                .withApiVersion(apiVersion)
                .withKind(kind)
                .withName(name)
                .withUid("uid-of-" + name)
                .withController(true)
                .withBlockOwnerDeletion(true)
                .build();
    }

    private NonNamespaceOperation<
                    GenericKubernetesResource,
                    GenericKubernetesResourceList,
                    Resource<GenericKubernetesResource>>
            deployments() {
        return h.client
                .genericKubernetesResources("flink.apache.org/v1beta1", "FlinkDeployment")
                .inNamespace(Harness.NS);
    }

    private NonNamespaceOperation<
                    GenericKubernetesResource,
                    GenericKubernetesResourceList,
                    Resource<GenericKubernetesResource>>
            parents() {
        return h.client
                .genericKubernetesResources(
                        FlinkBlueGreenDeployment.GROUP + "/" + FlinkBlueGreenDeployment.VERSION,
                        FlinkBlueGreenDeployment.KIND)
                .inNamespace(Harness.NS);
    }

    private static Object read(String json) {
        try {
            return JSON.readValue(json, Map.class);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(json, e);
        }
    }
}
