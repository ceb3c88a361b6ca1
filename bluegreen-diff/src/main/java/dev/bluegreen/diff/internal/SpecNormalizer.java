package dev.bluegreen.diff.internal;

import dev.bluegreen.diff.TemplateView;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

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
        ObjectNode out = mapFields(spec, (key, value) -> specField(key, value, side));
        if (!out.has("template")) {
            throw invalid("template", "required, got nothing", side);
        }
        return out;
    }

    private static JsonNode specField(String key, JsonNode value, String side) {
        return switch (key) {
            case "configuration" -> ConfigFlattener.flatten(value, key, side);
            case "ingress" -> objectOrAbsent(value, key, side);
            case TemplateView.TEMPLATE -> template(value, side);
            default -> value;
        };
    }

    private static JsonNode template(JsonNode template, String side) {
        if (!template.isObject()) {
            throw invalid("template", "expected an object, got " + Nodes.describe(template), side);
        }
        JsonNode spec = template.get(TemplateView.SPEC);
        if (spec == null || !spec.isObject()) {
            throw invalid("template.spec", "expected an object, got " + Nodes.describe(spec), side);
        }
        ObjectNode out = mapFields(template, (key, value) -> templateField(key, value, side));
        // template.spec is required even when all its fields are empty.
        out.putIfAbsent("spec", Nodes.FACTORY.objectNode());
        return out;
    }

    private static JsonNode templateField(String key, JsonNode value, String side) {
        return switch (key) {
            case "metadata" -> metadata(value, side);
            case TemplateView.SPEC -> deploymentSpec(value, side);
            default -> value;
        };
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
        return mapFields(spec, (key, value) -> deploymentSpecField(key, value, side));
    }

    private static JsonNode deploymentSpecField(String key, JsonNode value, String side) {
        String path = "template.spec." + key;
        return switch (key) {
            case TemplateView.JOB -> job(value, side);
            case "flinkConfiguration" -> ConfigFlattener.flatten(value, path, side);
            case "podTemplate" -> podTemplate(value, path, side);
            case "jobManager", "taskManager" -> processSpec(value, path, side);
            default -> value;
        };
    }

    /**
     * A new object with the fields of {@code in}, in order, each value replaced by {@code
     * normalize(key, value)}; a field whose result is absent is left out.
     */
    private static ObjectNode mapFields(
            JsonNode in, BiFunction<String, JsonNode, JsonNode> normalize) {
        ObjectNode out = Nodes.FACTORY.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = in.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            putIfPresent(out, field.getKey(), normalize.apply(field.getKey(), field.getValue()));
        }
        return out;
    }

    private static JsonNode job(JsonNode job, String side) {
        JsonNode object = objectOrAbsent(job, "template.spec.job", side);
        if (object == null) {
            return null;
        }
        JsonNode state = object.get(TemplateView.STATE);
        checkJobState(state, side);
        // Absent means running, so an explicit "running" must not count as a change.
        if (state != null && TemplateView.RUNNING.equals(state.textValue())) {
            ObjectNode withoutState = Nodes.FACTORY.objectNode();
            withoutState.setAll((ObjectNode) object);
            withoutState.remove(TemplateView.STATE);
            return withoutState;
        }
        return object;
    }

    private static void checkJobState(JsonNode state, String side) {
        if (!Nodes.isAbsent(state)
                && !(state.isTextual() && TemplateView.JOB_STATES.contains(state.textValue()))) {
            throw invalid(
                    "template.spec.job.state",
                    "expected \"running\" or \"suspended\", got " + Nodes.describe(state),
                    side);
        }
    }

    private static JsonNode processSpec(JsonNode process, String path, String side) {
        JsonNode object = objectOrAbsent(process, path, side);
        if (object == null) {
            return null;
        }
        return mapFields(
                object,
                (key, value) ->
                        key.equals("podTemplate")
                                ? podTemplate(value, path + ".podTemplate", side)
                                : value);
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
