package dev.bluegreen.diff.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static dev.bluegreen.diff.internal.Nodes.invalid;

/**
 * Flattens a Flink configuration map given nested (YAML style, {@code {"taskmanager":
 * {"numberOfTaskSlots": 2}}}) or flat ({@code "taskmanager.numberOfTaskSlots": "2"}) into one flat
 * object whose values are canonical text: numbers and booleans become their string form, as Flink
 * reads every value as a string. Lists stay lists of text. Stateless and thread-safe.
 */
final class ConfigFlattener {

    private ConfigFlattener() {}

    /**
     * Returns the flat copy, or {@code null} if the map is absent or empty.
     *
     * @throws dev.bluegreen.diff.InvalidSpecException if the map is not an object, a value is of an
     *     unsupported type, or a key is given twice (nested and flat) with different values
     */
    static JsonNode flatten(JsonNode config, String path, String side) {
        JsonNode object = Nodes.objectOrAbsent(config, path, side);
        if (object == null) {
            return null;
        }
        ObjectNode out = Nodes.FACTORY.objectNode();
        flattenInto(out, "", object, path, side);
        return out.isEmpty() ? null : out;
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
                putChecked(out, key, canonical(value, keyPath(path, key), side), path, side);
            }
        }
    }

    private static void putChecked(
            ObjectNode out, String key, JsonNode value, String path, String side) {
        if (Nodes.isAbsent(value)) {
            return;
        }
        JsonNode existing = out.get(key);
        if (existing != null && !ValueEquality.sameConfigValue(existing, value)) {
            throw invalid(
                    keyPath(path, key),
                    "given twice (nested and flat) with different values "
                            + existing
                            + " and "
                            + value,
                    side);
        }
        out.set(key, value);
    }

    private static JsonNode canonical(JsonNode value, String path, String side) {
        if (value.isArray()) {
            ArrayNode out = Nodes.FACTORY.arrayNode(value.size());
            for (JsonNode element : value) {
                if (element.isContainerNode()) {
                    throw invalid(path, "expected a list of plain values, got " + value, side);
                }
                out.add(scalarText(element));
            }
            return out;
        }
        return value.isNull() ? null : scalarText(value);
    }

    private static TextNode scalarText(JsonNode scalar) {
        if (scalar.isNumber()) {
            return TextNode.valueOf(
                    scalar.isIntegralNumber()
                            ? scalar.bigIntegerValue().toString()
                            : scalar.decimalValue().toPlainString());
        }
        return TextNode.valueOf(scalar.isNull() ? "" : scalar.asText());
    }

    private static String keyPath(String path, String key) {
        return path + JsonPaths.render(List.of("x", key)).substring(1);
    }
}
