package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Canonical JSON of FlinkBlueGreenDeployment specs and their spec refs.
 *
 * <p>The canonical form sorts object keys and drops {@code null} fields, so two specs that differ
 * only in key order or explicit nulls have the same text and the same ref. The spec ref is the
 * first 16 hex characters of the SHA-256 of the canonical JSON of the parent spec without {@code
 * analysis} ({@link #UNREFERENCED}): the analysis checks are read from the live spec at every
 * reconcile, so changing them (a PARENT_ONLY change, docs/diff-rules.md) neither supersedes a
 * transition in flight nor makes a failed spec a new one (as in Argo Rollouts, where a changed
 * analysis does not retry an aborted rollout: promote retries it). Specs without {@code analysis}
 * keep the refs they always had. Stateless and thread-safe.
 */
public final class SpecJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int REF_LENGTH = 16;

    private SpecJson() {}

    /** The shared Jackson mapper (thread-safe once configured; never reconfigure it). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * The canonical tree of a parent spec: keys sorted, null fields dropped.
     *
     * @throws NullPointerException if {@code spec} is null
     */
    public static JsonNode tree(FlinkBlueGreenDeploymentSpec spec) {
        Objects.requireNonNull(spec, "spec == null");
        return canonicalTree(MAPPER.valueToTree(spec));
    }

    /** A copy of {@code node} with object keys sorted and null fields dropped, recursively. */
    public static JsonNode canonicalTree(JsonNode node) {
        if (node == null) {
            return JsonNodeFactory.instance.nullNode();
        }
        if (node.isObject()) {
            return canonicalObject(node);
        }
        if (node.isArray()) {
            ArrayNode result = JsonNodeFactory.instance.arrayNode();
            node.forEach(element -> result.add(canonicalTree(element)));
            return result;
        }
        return node;
    }

    private static ObjectNode canonicalObject(JsonNode node) {
        Map<String, JsonNode> sorted = new TreeMap<>();
        node.properties()
                .forEach(
                        e -> {
                            if (!e.getValue().isNull()) {
                                sorted.put(e.getKey(), canonicalTree(e.getValue()));
                            }
                        });
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        sorted.forEach(result::set);
        return result;
    }

    /** The canonical JSON text of {@code node}. */
    public static String canonical(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(canonicalTree(node));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }

    /** The top-level spec fields a spec ref does not cover. */
    public static final String UNREFERENCED = "analysis";

    /**
     * The spec ref of a spec tree: 16 hex characters of the SHA-256 of its canonical JSON without
     * {@value #UNREFERENCED}.
     */
    public static String ref(JsonNode specTree) {
        JsonNode referenced = specTree;
        if (specTree instanceof ObjectNode object && object.has(UNREFERENCED)) {
            referenced = object.deepCopy().without(UNREFERENCED);
        }
        try {
            byte[] hash =
                    MessageDigest.getInstance("SHA-256")
                            .digest(canonical(referenced).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash).substring(0, REF_LENGTH);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * Parses JSON stored in a status field.
     *
     * @param field the field the text comes from, named in the error
     * @throws IllegalArgumentException naming {@code field} when the text is not JSON
     */
    public static JsonNode parse(String json, String field) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    field + ": not valid JSON: " + e.getOriginalMessage(), e);
        }
    }
}
