package dev.bluegreen.standin;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The parts of a FlinkDeployment spec the stand-in acts on, validated.
 *
 * @param jarUri {@code job.jarURI}
 * @param entryClass {@code job.entryClass}
 * @param args {@code job.args}
 * @param parallelism {@code job.parallelism} (default 1)
 * @param running {@code job.state} is {@code running} (the default) rather than {@code suspended}
 * @param upgradeMode {@code job.upgradeMode}: {@code stateless} (default), {@code savepoint} or
 *     {@code last-state}
 * @param initialSavepointPath {@code job.initialSavepointPath}, or {@code null}
 * @param allowNonRestoredState {@code job.allowNonRestoredState}
 * @param flinkConfiguration {@code flinkConfiguration} as strings
 */
record DeploymentSpec(
        String jarUri,
        String entryClass,
        List<String> args,
        int parallelism,
        boolean running,
        String upgradeMode,
        String initialSavepointPath,
        boolean allowNonRestoredState,
        Map<String, String> flinkConfiguration) {

    private static final Set<String> MODES = Set.of("stateless", "savepoint", "last-state");

    /** Whether state is carried over on upgrade and suspend (not stateless). */
    boolean stateful() {
        return !"stateless".equals(upgradeMode);
    }

    /**
     * Reads {@code spec}.
     *
     * @throws SpecException naming the field path for a missing or bad value
     */
    static DeploymentSpec parse(JsonNode spec) {
        JsonNode job = spec == null ? null : spec.get("job");
        if (job == null || !job.isObject()) {
            throw new SpecException("spec.job: required (the stand-in runs application jobs only)");
        }
        String state = state(job);
        String mode = upgradeMode(job);
        return new DeploymentSpec(
                required(job, "jarURI"),
                required(job, "entryClass"),
                args(job),
                parallelism(job),
                state.equals("running"),
                mode,
                text(job, "initialSavepointPath", null),
                job.path("allowNonRestoredState").asBoolean(false),
                configuration(spec.get("flinkConfiguration")));
    }

    private static String state(JsonNode job) {
        String state = text(job, "state", "running").toLowerCase(Locale.ROOT);
        if (!state.equals("running") && !state.equals("suspended")) {
            throw new SpecException(
                    "spec.job.state: expected running or suspended, got \"" + state + "\"");
        }
        return state;
    }

    private static String upgradeMode(JsonNode job) {
        String mode = text(job, "upgradeMode", "stateless").toLowerCase(Locale.ROOT);
        if (!MODES.contains(mode)) {
            throw new SpecException(
                    "spec.job.upgradeMode: expected stateless, savepoint or last-state, got \""
                            + mode
                            + "\"");
        }
        return mode;
    }

    private static String required(JsonNode job, String field) {
        String value = text(job, field, null);
        if (value == null) {
            throw new SpecException("spec.job." + field + ": required");
        }
        return value;
    }

    private static String text(JsonNode job, String field, String fallback) {
        JsonNode node = job.get(field);
        if (node == null || node.isNull() || node.asText().isBlank()) {
            return fallback;
        }
        if (!node.isValueNode()) {
            throw new SpecException("spec.job." + field + ": expected a string, got " + node);
        }
        return node.asText();
    }

    private static int parallelism(JsonNode job) {
        JsonNode node = job.get("parallelism");
        if (node == null || node.isNull()) {
            return 1;
        }
        if (!node.canConvertToInt() || !node.isIntegralNumber() || node.asInt() < 1) {
            throw new SpecException(
                    "spec.job.parallelism: expected a positive integer, got " + node);
        }
        return node.asInt();
    }

    private static List<String> args(JsonNode job) {
        JsonNode node = job.get("args");
        List<String> args = new ArrayList<>();
        if (node == null || node.isNull()) {
            return args;
        }
        if (!node.isArray()) {
            throw new SpecException("spec.job.args: expected a list of strings, got " + node);
        }
        for (int i = 0; i < node.size(); i++) {
            args.add(arg(node, i));
        }
        return args;
    }

    private static String arg(JsonNode args, int i) {
        if (!args.get(i).isValueNode()) {
            throw new SpecException("spec.job.args[" + i + "]: expected a string");
        }
        return args.get(i).asText();
    }

    private static String scalar(String key, JsonNode value) {
        if (!value.isValueNode()) {
            throw new SpecException(
                    "spec.flinkConfiguration[\"" + key + "\"]: expected a scalar value");
        }
        return value.asText();
    }

    private static Map<String, String> configuration(JsonNode node) {
        Map<String, String> config = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return config;
        }
        if (!node.isObject()) {
            throw new SpecException("spec.flinkConfiguration: expected a map, got " + node);
        }
        node.properties().forEach(e -> config.put(e.getKey(), scalar(e.getKey(), e.getValue())));
        return config;
    }
}
