package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Color;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.ArrayList;
import java.util.Map;

/**
 * Per-colour values in a child spec, in both transition modes: the placeholder {@value
 * #PLACEHOLDER} in {@code flinkConfiguration} values (nested ones included) and in {@code job.args}
 * is replaced with {@code blue} or {@code green}. Typical use: a Kafka transactional-id prefix per
 * colour ({@code orders-{{color}}}). Keys are never rewritten. Stateless and thread-safe.
 */
public final class ColorTemplating {
    /** The placeholder replaced by the child's colour in lower case. */
    public static final String PLACEHOLDER = "{{color}}";

    private ColorTemplating() {}

    /**
     * Replaces the placeholder in {@code spec} (a child's {@code spec}, changed in place).
     *
     * @param spec the child spec tree
     * @param color the child's colour
     */
    public static void apply(ObjectNode spec, Color color) {
        String value = color.lowerCase();
        if (spec.get("flinkConfiguration") instanceof ObjectNode config) {
            replaceIn(config, value);
        }
        if (spec.path("job").get("args") instanceof ArrayNode args) {
            for (int i = 0; i < args.size(); i++) {
                if (args.get(i).isTextual()) {
                    args.set(i, replaced(args.get(i).asText(), value));
                }
            }
        }
    }

    private static void replaceIn(ObjectNode object, String value) {
        var entries = new ArrayList<Map.Entry<String, JsonNode>>();
        object.properties().forEach(entries::add);
        for (var entry : entries) {
            JsonNode node = entry.getValue();
            if (node.isTextual()) {
                object.set(entry.getKey(), replaced(node.asText(), value));
            } else if (node instanceof ObjectNode nested) {
                replaceIn(nested, value);
            }
        }
    }

    private static TextNode replaced(String text, String value) {
        return TextNode.valueOf(text.replace(PLACEHOLDER, value));
    }
}
