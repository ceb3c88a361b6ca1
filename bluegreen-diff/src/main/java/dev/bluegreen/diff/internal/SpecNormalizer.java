package dev.bluegreen.diff.internal;

import dev.bluegreen.diff.TemplateView;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Iterator;
import java.util.Map;
import java.util.Set;

import static dev.bluegreen.diff.internal.Nodes.invalid;
import static dev.bluegreen.diff.internal.Nodes.objectOrAbsent;
import static dev.bluegreen.diff.internal.Nodes.putIfPresent;

/**
 * Validates a FlinkBlueGreenDeployment spec tree and returns a normalized view of it, so that specs
 * that mean the same compare equal: configuration maps flattened, {@code job.state: running}
 * dropped (absent means running), and pod template fields outside the Kubernetes PodTemplateSpec
 * dropped. Only the objects on the way to these fields are copied (shallowly); everything else is
 * shared with the input, which is never modified. Empty values are handled by {@link TreeDiff}.
 * Stateless and thread-safe.
 */
public final class SpecNormalizer {

    /** The pod template keys that count; others are additional properties (FLINK-38517). */
    public static final Set<String> POD_TEMPLATE_KEYS =
            Set.of("apiVersion", "kind", "metadata", "spec");

    private SpecNormalizer() {}

    /**
     * Returns the normalized view of a spec.
     *
     * @param spec the FlinkBlueGreenDeployment {@code spec} tree
     * @param side which spec this is, for error messages ({@code "last applied"} or {@code
     *     "desired"})
     * @return a new root object, never null
     * @throws dev.bluegreen.diff.InvalidSpecException if the spec is not an object, has no {@code
     *     template.spec} object, or a known field has the wrong type
     */
    public static ObjectNode normalize(JsonNode spec, String side) {
        if (spec == null || !spec.isObject()) {
            throw invalid("", "expected an object, got " + Nodes.describe(spec), side);
        }
        ObjectNode out = Nodes.FACTORY.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = spec.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            JsonNode normalized =
                    switch (key) {
                        case "configuration" -> ConfigFlattener.flatten(value, key, side);
                        case "ingress" -> objectOrAbsent(value, key, side);
                        case TemplateView.TEMPLATE -> template(value, side);
                        default -> value;
                    };
            putIfPresent(out, key, normalized);
        }
        if (!out.has("template")) {
            throw invalid("template", "required, got nothing", side);
        }
        return out;
    }

    private static JsonNode template(JsonNode template, String side) {
        if (!template.isObject()) {
            throw invalid("template", "expected an object, got " + Nodes.describe(template), side);
        }
        JsonNode spec = template.get(TemplateView.SPEC);
        if (spec == null || !spec.isObject()) {
            throw invalid("template.spec", "expected an object, got " + Nodes.describe(spec), side);
        }
        ObjectNode out = Nodes.FACTORY.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = template.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            JsonNode normalized =
                    switch (key) {
                        case "metadata" -> metadata(value, side);
                        case TemplateView.SPEC -> deploymentSpec(value, side);
                        default -> value;
                    };
            putIfPresent(out, key, normalized);
        }
        // template.spec is required even when all its fields are empty.
        out.putIfAbsent("spec", Nodes.FACTORY.objectNode());
        return out;
    }

    private static JsonNode metadata(JsonNode metadata, String side) {
        JsonNode object = objectOrAbsent(metadata, "template.metadata", side);
        if (object != null) {
            objectOrAbsent(object.get("labels"), "template.metadata.labels", side);
            objectOrAbsent(object.get("annotations"), "template.metadata.annotations", side);
        }
        return object;
    }

    private static JsonNode deploymentSpec(JsonNode spec, String side) {
        ObjectNode out = Nodes.FACTORY.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = spec.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            String path = "template.spec." + key;
            JsonNode value = field.getValue();
            JsonNode normalized =
                    switch (key) {
                        case TemplateView.JOB -> job(value, side);
                        case "flinkConfiguration" -> ConfigFlattener.flatten(value, path, side);
                        case "podTemplate" -> podTemplate(value, path, side);
                        case "jobManager", "taskManager" -> processSpec(value, path, side);
                        default -> value;
                    };
            putIfPresent(out, key, normalized);
        }
        return out;
    }

    private static JsonNode job(JsonNode job, String side) {
        JsonNode object = objectOrAbsent(job, "template.spec.job", side);
        if (object == null) {
            return null;
        }
        JsonNode state = object.get(TemplateView.STATE);
        if (!Nodes.isAbsent(state)
                && !(state.isTextual() && TemplateView.JOB_STATES.contains(state.textValue()))) {
            throw invalid(
                    "template.spec.job.state",
                    "expected \"running\" or \"suspended\", got " + Nodes.describe(state),
                    side);
        }
        // Absent means running, so an explicit "running" must not count as a change.
        if (state != null && TemplateView.RUNNING.equals(state.textValue())) {
            ObjectNode withoutState = Nodes.FACTORY.objectNode();
            withoutState.setAll((ObjectNode) object);
            withoutState.remove(TemplateView.STATE);
            return withoutState;
        }
        return object;
    }

    private static JsonNode processSpec(JsonNode process, String path, String side) {
        JsonNode object = objectOrAbsent(process, path, side);
        if (object == null) {
            return null;
        }
        ObjectNode out = Nodes.FACTORY.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            putIfPresent(
                    out,
                    key,
                    key.equals("podTemplate")
                            ? podTemplate(value, path + ".podTemplate", side)
                            : value);
        }
        return out;
    }

    private static JsonNode podTemplate(JsonNode podTemplate, String path, String side) {
        JsonNode object = objectOrAbsent(podTemplate, path, side);
        if (object == null) {
            return null;
        }
        ObjectNode out = Nodes.FACTORY.objectNode();
        for (String key : POD_TEMPLATE_KEYS) {
            putIfPresent(out, key, object.get(key));
        }
        return out;
    }
}
