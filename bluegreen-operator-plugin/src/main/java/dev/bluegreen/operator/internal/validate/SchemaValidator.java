package dev.bluegreen.operator.internal.validate;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Checks {@code spec.template.spec} against the {@code openAPIV3Schema} of the FlinkDeployment CRD
 * installed in the cluster, as the API server would check the child FlinkDeployment: types
 * (including {@code x-kubernetes-int-or-string} and {@code anyOf}), enums, required fields, and
 * unknown fields wherever the schema neither sets {@code x-kubernetes-preserve-unknown-fields} nor
 * gives {@code additionalProperties} (the API server would silently drop them). {@code null} values
 * are accepted, as the API server prunes them. Immutable and thread-safe.
 *
 * <pre>{@code
 * SchemaValidator.fromCrd(crdJson).map(v -> v.validate(templateSpec)).orElse(List.of());
 * }</pre>
 */
public final class SchemaValidator {

    /** The field of the parent that is validated, the prefix of every problem's field. */
    public static final String FIELD = "spec.template.spec";

    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$-]*");

    private final JsonNode specSchema;

    private SchemaValidator(JsonNode specSchema) {
        this.specSchema = specSchema;
    }

    /**
     * A validator for a FlinkDeployment {@code openAPIV3Schema} (the schema of the whole object;
     * its {@code properties.spec} is used).
     *
     * @throws IllegalArgumentException if the schema has no {@code properties.spec} object
     */
    public static SchemaValidator forSchema(JsonNode openApiV3Schema) {
        Objects.requireNonNull(openApiV3Schema, "openApiV3Schema == null");
        JsonNode spec = openApiV3Schema.path("properties").path("spec");
        if (!spec.isObject()) {
            throw new IllegalArgumentException(
                    "openAPIV3Schema: expected properties.spec to be an object schema");
        }
        return new SchemaValidator(spec);
    }

    /**
     * A validator for a FlinkDeployment CustomResourceDefinition (as JSON), using the schema of the
     * served version {@code v1beta1}, else the storage version.
     *
     * @return the validator, or empty if the CRD has no such version with a schema
     */
    public static Optional<SchemaValidator> fromCrd(JsonNode crd) {
        Objects.requireNonNull(crd, "crd == null");
        JsonNode chosen = null;
        for (JsonNode version : crd.path("spec").path("versions")) {
            boolean preferred = "v1beta1".equals(version.path("name").asText());
            if (preferred || (chosen == null && version.path("storage").asBoolean(false))) {
                chosen = version;
            }
            if (preferred) {
                break;
            }
        }
        JsonNode schema = chosen == null ? null : chosen.path("schema").path("openAPIV3Schema");
        return schema == null || !schema.path("properties").path("spec").isObject()
                ? Optional.empty()
                : Optional.of(forSchema(schema));
    }

    /**
     * Validates a template spec.
     *
     * @param templateSpec the parent's {@code spec.template.spec}
     * @return the problems, in document order; empty if the spec is valid
     */
    public List<SpecProblem> validate(JsonNode templateSpec) {
        var problems = new ArrayList<SpecProblem>();
        check(templateSpec, specSchema, FIELD, problems);
        return List.copyOf(problems);
    }

    private static void check(JsonNode node, JsonNode schema, String path, List<SpecProblem> out) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return;
        }
        if (schema.path("x-kubernetes-int-or-string").asBoolean(false)) {
            checkIntOrString(node, path, out);
            return;
        }
        SpecProblem mismatch = mismatch(node, schema, path);
        if (mismatch != null) {
            out.add(mismatch);
        } else if (node.isObject()) {
            checkObject(node, schema, path, out);
        } else if (node.isArray() && schema.has("items")) {
            for (int i = 0; i < node.size(); i++) {
                check(node.get(i), schema.get("items"), path + "[" + i + "]", out);
            }
        }
    }

    /**
     * The first of {@code anyOf}, {@code type} and {@code enum} that {@code node} fails, or null.
     */
    private static SpecProblem mismatch(JsonNode node, JsonNode schema, String path) {
        if (schema.has("anyOf") && !matchesAnyOf(node, schema.get("anyOf"))) {
            return new SpecProblem(
                    path, "matches none of " + schema.get("anyOf") + ", got " + show(node));
        }
        String type = schema.path("type").asText("");
        if (!type.isEmpty() && !hasType(node, type)) {
            return new SpecProblem(path, "expected " + type + ", got " + show(node));
        }
        if (schema.has("enum") && !contains(schema.get("enum"), node)) {
            return new SpecProblem(
                    path, "expected one of " + schema.get("enum") + ", got " + show(node));
        }
        return null;
    }

    private static void checkIntOrString(JsonNode node, String path, List<SpecProblem> out) {
        if (!node.isIntegralNumber() && !node.isTextual()) {
            out.add(new SpecProblem(path, "expected an integer or a string, got " + show(node)));
        }
    }

    private static void checkObject(
            JsonNode node, JsonNode schema, String path, List<SpecProblem> out) {
        for (JsonNode required : schema.path("required")) {
            JsonNode value = node.get(required.asText());
            if (value == null || value.isNull()) {
                out.add(new SpecProblem(child(path, required.asText()), "required"));
            }
        }
        Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext()) {
            var field = fields.next();
            checkField(field.getKey(), field.getValue(), schema, child(path, field.getKey()), out);
        }
    }

    /** One field of an object: by its property schema, the additional properties, or unknown. */
    private static void checkField(
            String name, JsonNode value, JsonNode schema, String path, List<SpecProblem> out) {
        JsonNode properties = schema.path("properties");
        JsonNode additional = schema.path("additionalProperties");
        boolean preserve = schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
        if (properties.has(name)) {
            check(value, properties.get(name), path, out);
        } else if (additional.isObject()) {
            check(value, additional, path, out);
        } else if (!preserve && !additional.asBoolean(false)) {
            out.add(
                    new SpecProblem(
                            path,
                            "unknown field: the installed FlinkDeployment CRD does not have"
                                    + " it (the API server would drop it)"));
        }
    }

    private static boolean matchesAnyOf(JsonNode node, JsonNode alternatives) {
        for (JsonNode alternative : alternatives) {
            var problems = new ArrayList<SpecProblem>();
            check(node, alternative, "", problems);
            if (problems.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasType(JsonNode node, String type) {
        return switch (type) {
            case "object" -> node.isObject();
            case "array" -> node.isArray();
            case "string" -> node.isTextual();
            case "integer" ->
                    node.isIntegralNumber()
                            || (node.isNumber()
                                    && node.decimalValue().stripTrailingZeros().scale() <= 0);
            case "number" -> node.isNumber();
            case "boolean" -> node.isBoolean();
            default -> true; // a type this validator does not know: leave it to the API server
        };
    }

    private static boolean contains(JsonNode values, JsonNode node) {
        for (JsonNode value : values) {
            if (value.equals(node)) {
                return true;
            }
        }
        return false;
    }

    private static String child(String path, String key) {
        return PLAIN_KEY.matcher(key).matches() ? path + "." + key : path + "[\"" + key + "\"]";
    }

    private static String show(JsonNode node) {
        String kind =
                node.isObject()
                        ? "an object"
                        : node.isArray()
                                ? "an array"
                                : node.isTextual()
                                        ? "string"
                                        : node.isBoolean() ? "boolean" : "number";
        String text = node.isContainerNode() ? "" : " " + node;
        return kind + (text.length() > 80 ? text.substring(0, 80) + "..." : text);
    }
}
