package dev.bluegreen.diff.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Iterator;
import java.util.Map;

import static dev.bluegreen.diff.internal.Nodes.invalid;

/**
 * Flattens a Flink configuration map given nested (YAML style, {@code {"taskmanager":
 * {"numberOfTaskSlots": 2}}}) or flat ({@code "taskmanager.numberOfTaskSlots": "2"}) into one flat
 * object. Values are kept as given; {@link ValueEquality#sameConfigValue} compares them by their
 * text, as Flink reads every value as a string. A map that is already flat is returned as is.
 * Stateless and thread-safe.
 */
final class ConfigFlattener {

    private ConfigFlattener() {}

    /**
     * Returns the flat map, or {@code null} if the map is absent.
     *
     * @throws dev.bluegreen.diff.InvalidSpecException if the map is not an object, a list value
     *     holds objects or lists, or a key is given twice (nested and flat) with different values
     */
    static JsonNode flatten(JsonNode config, String path, String side) {
        JsonNode object = Nodes.objectOrAbsent(config, path, side);
        if (object == null || isFlat(object, path, side)) {
            return object;
        }
        ObjectNode out = Nodes.FACTORY.objectNode();
        flattenInto(out, "", object, path, side);
        return out;
    }

    /** Whether no value is an object; also rejects lists of containers. */
    private static boolean isFlat(JsonNode object, String path, String side) {
        boolean flat = true;
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode value = field.getValue();
            flat &= !value.isObject();
            if (value.isArray()) {
                requirePlainList(value, JsonPaths.child(path, field.getKey()), side);
            }
        }
        return flat;
    }

    private static void requirePlainList(JsonNode list, String path, String side) {
        for (JsonNode element : list) {
            if (element.isContainerNode()) {
                throw invalid(
                        path, "expected a list of plain values, got " + Nodes.describe(list), side);
            }
        }
    }

    private static void flattenInto(
            ObjectNode out, String prefix, JsonNode object, String path, String side) {
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = prefix + field.getKey();
            JsonNode value = field.getValue();
            if (value.isObject()) {
                flattenInto(out, key + ".", value, path, side);
            } else {
                putChecked(out, key, value, path, side);
            }
        }
    }

    private static void putChecked(
            ObjectNode out, String key, JsonNode value, String path, String side) {
        if (value.isArray()) {
            requirePlainList(value, JsonPaths.child(path, key), side);
        }
        if (Nodes.isAbsent(value)) {
            return;
        }
        requireSameAsBefore(out.get(key), value, JsonPaths.child(path, key), side);
        out.set(key, value);
    }

    /** A key given nested and flat must have the same value both times. */
    private static void requireSameAsBefore(
            JsonNode existing, JsonNode value, String path, String side) {
        if (existing != null && !ValueEquality.sameConfigValue(existing, value)) {
            String problem =
                    "given twice (nested and flat) with different values %s and %s"
                            .formatted(existing, value);
            throw invalid(path, problem, side);
        }
    }
}
