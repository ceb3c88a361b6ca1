package dev.bluegreen.demo.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

import java.util.Map;

/**
 * The upstream operator's FlinkDeployment as the demo reads and writes it: untyped, the way {@code
 * kubectl} sees it. Stateless and thread-safe.
 */
public final class FlinkDeployments {
    /** {@code flinkdeployments.flink.apache.org/v1beta1}, namespaced. */
    public static final ResourceDefinitionContext CONTEXT =
            new ResourceDefinitionContext.Builder()
                    .withGroup("flink.apache.org")
                    .withVersion("v1beta1")
                    .withKind("FlinkDeployment")
                    .withPlural("flinkdeployments")
                    .withNamespaced(true)
                    .build();

    private static final ObjectMapper JSON = new ObjectMapper();

    private FlinkDeployments() {}

    /**
     * A plain FlinkDeployment: no owner, no labels, the given spec (e.g. a parent's {@code
     * spec.template.spec}).
     */
    public static GenericKubernetesResource plain(String namespace, String name, JsonNode spec) {
        return new GenericKubernetesResourceBuilder()
                .withApiVersion("flink.apache.org/v1beta1")
                .withKind("FlinkDeployment")
                .withNewMetadata()
                .withName(name)
                .withNamespace(namespace)
                .endMetadata()
                .addToAdditionalProperties("spec", JSON.convertValue(spec, Map.class))
                .build();
    }

    /** Its {@code spec}, as {@code kubectl get -o json | jq .spec} prints it. */
    public static JsonNode spec(GenericKubernetesResource deployment) {
        return JSON.valueToTree(deployment.getAdditionalProperties().get("spec"));
    }

    /** Its {@code status.jobStatus.jobId}, or empty. */
    public static String jobId(GenericKubernetesResource deployment) {
        return field(deployment, "status", "jobStatus", "jobId");
    }

    /** Its {@code status.jobStatus.startTime} (epoch millis as text), or empty. */
    public static String startTime(GenericKubernetesResource deployment) {
        return field(deployment, "status", "jobStatus", "startTime");
    }

    /**
     * The text at {@code path} in a generic resource (e.g. {@code "status", "lifecycleState"}), or
     * empty when a step is missing or not an object.
     */
    public static String field(GenericKubernetesResource resource, String... path) {
        Object node = resource.getAdditionalProperties();
        for (String key : path) {
            if (!(node instanceof Map<?, ?> map)) {
                return "";
            }
            node = map.get(key);
        }
        return node == null ? "" : node.toString();
    }

    /** Its {@code metadata.generation}, 0 when unset. */
    public static long generation(GenericKubernetesResource deployment) {
        Long generation = deployment.getMetadata().getGeneration();
        return generation == null ? 0 : generation;
    }
}
