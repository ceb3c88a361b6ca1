package dev.bluegreen.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What the validation rules look at: a FlinkDeployment's name and spec, and the spec last acted on
 * (for the rules about spec changes). Read-only views of the JSON; missing fields read as null.
 *
 * @param name {@code metadata.name}
 * @param spec {@code spec}
 * @param lastSpec the spec last reconciled, or {@code null} before the first deployment
 */
record ValidationInput(String name, JsonNode spec, JsonNode lastSpec) {

    /** A missing spec reads as an empty one. */
    ValidationInput {
        spec = spec == null ? MissingNode.getInstance() : spec;
    }

    /** {@code spec.job}, a missing node when absent. */
    JsonNode job() {
        return spec.path("job");
    }

    /** The non-blank text at {@code node.field}, else null. */
    static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        if (value == null || value.isNull() || !value.isValueNode() || value.asText().isBlank()) {
            return null;
        }
        return value.asText();
    }

    /** The text at {@code node.field}, lower case, or {@code fallback} when absent. */
    static String lower(JsonNode node, String field, String fallback) {
        String text = text(node, field);
        return text == null ? fallback : text.toLowerCase(Locale.ROOT);
    }

    /** {@code spec.flinkConfiguration} flattened (nested maps join their keys with dots). */
    Map<String, String> config() {
        Map<String, String> flat = new LinkedHashMap<>();
        flatten("", spec.get("flinkConfiguration"), flat);
        return flat;
    }

    /** Whether any of {@code keys} is set to a non-blank value. */
    boolean configured(String... keys) {
        Map<String, String> config = config();
        for (String key : keys) {
            String value = config.get(key);
            if (value != null && !value.isBlank()) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code key} is set to {@code true} (ignoring case), else {@code fallback}. */
    boolean flag(String key, boolean fallback) {
        String value = config().get(key);
        return value == null ? fallback : Boolean.parseBoolean(value.trim());
    }

    /** Flink's rule: high availability is on unless its type is absent or NONE. */
    boolean highAvailability() {
        Map<String, String> config = config();
        String type =
                config.getOrDefault("high-availability.type", config.get("high-availability"));
        return type != null && !type.isBlank() && !"none".equalsIgnoreCase(type.trim());
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> flat) {
        if (node == null || node.isNull()) {
            return;
        }
        if (!node.isObject()) {
            flat.put(prefix, node.isValueNode() ? node.asText() : node.toString());
            return;
        }
        node.properties()
                .forEach(
                        e -> {
                            String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
                            flatten(key, e.getValue(), flat);
                        });
    }
}
