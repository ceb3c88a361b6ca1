package dev.bluegreen.operator.internal.adopt;

import dev.bluegreen.diff.TemplateView;
import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

/**
 * The stable spec of a parent that adopted a FlinkDeployment: the parent's own spec with {@code
 * template.spec} replaced by the deployment's running {@code spec}. Recorded as {@code
 * status.lastStableSpec}, it makes the next decision classify the parent's template against what
 * actually runs, like any change. Stateless.
 */
public final class AdoptedSpecs {
    private AdoptedSpecs() {}

    /**
     * The stable spec tree.
     *
     * @param parentSpec the parent's spec as a tree ({@code SpecJson.tree})
     * @param adopted the adopted deployment as read from the API
     */
    public static JsonNode stable(JsonNode parentSpec, GenericKubernetesResource adopted) {
        ObjectNode stable = parentSpec.deepCopy();
        JsonNode running =
                SpecJson.mapper().valueToTree(adopted.getAdditionalProperties().get("spec"));
        ObjectNode template =
                stable.get(TemplateView.TEMPLATE) instanceof ObjectNode existing
                        ? existing
                        : stable.putObject(TemplateView.TEMPLATE);
        template.set(TemplateView.SPEC, running);
        return stable;
    }
}
