package dev.bluegreen.diff.internal;

import dev.bluegreen.diff.InvalidSpecException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Locale;

/**
 * Helpers for JSON trees in which null, absent and empty (empty object, array or string) mean the
 * same. Inputs are never modified. This class is stateless and thread-safe.
 */
final class Nodes {

    static final JsonNodeFactory FACTORY = JsonNodeFactory.instance;

    private Nodes() {}

    /** Whether the value counts as absent: null, missing, or an empty object, array or string. */
    static boolean isAbsent(JsonNode node) {
        return node == null
                || node.isNull()
                || node.isMissingNode()
                || (node.isContainerNode() && node.isEmpty())
                || (node.isTextual() && node.textValue().isEmpty());
    }

    /** Puts the value unless it is absent. */
    static void putIfPresent(ObjectNode target, String key, JsonNode value) {
        if (!isAbsent(value)) {
            target.set(key, value);
        }
    }

    /**
     * Returns the value if it is an object, {@code null} if absent.
     *
     * @throws InvalidSpecException if the value is present but not an object
     */
    static JsonNode objectOrAbsent(JsonNode node, String path, String side) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        if (node.isObject()) {
            return node;
        }
        throw invalid(path, "expected an object, got " + describe(node), side);
    }

    /** Builds the exception for a wrongly typed value, naming the path and the side. */
    static InvalidSpecException invalid(String path, String problem, String side) {
        return new InvalidSpecException(path, problem + " (in the " + side + " spec)");
    }

    /** Describes a value for an error message: its JSON type and, if short, the value itself. */
    static String describe(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        String type = node.getNodeType().name().toLowerCase(Locale.ROOT);
        String text = node.toString();
        return node.isNull()
                ? "null"
                : type + " " + (text.length() > 40 ? text.substring(0, 37) + "..." : text);
    }
}
