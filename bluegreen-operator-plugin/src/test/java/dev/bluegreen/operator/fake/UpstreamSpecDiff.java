package dev.bluegreen.operator.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How the upstream operator (1.15.0, native mode) classifies a change of a FlinkDeployment's spec
 * against the spec it last reconciled, as far as the fake operator needs it: a change it redeploys
 * the job for ({@link Type#UPGRADE}), one it rescales the running job for ({@link Type#SCALE}) and
 * one it records without touching the job ({@link Type#IGNORE}). Written from
 * shared/reference/real-world-facts.md ("Which child spec changes restart a job") and the notes on
 * upstream's {@code @SpecDiff} annotations: any {@code flinkConfiguration} key is an UPGRADE except
 * the key prefixes below, a pod template change is an UPGRADE, and so is every field not in the
 * table. The most specific row wins. Pure and stateless.
 */
final class UpstreamSpecDiff {
    /** What the operator does about a change; a change is classified by its highest type. */
    enum Type {
        IGNORE,
        SCALE,
        UPGRADE
    }

    /**
     * One row: a spec path (field names joined by dots, {@code ""} for the whole spec), or a key
     * prefix of {@code flinkConfiguration} (plain {@code startsWith}, as upstream).
     *
     * @param removalIgnored whether removing the value is an IGNORE ({@code onNullIgnore})
     */
    record Rule(String path, String keyPrefix, Type type, boolean removalIgnored) {
        static Rule field(String path, Type type) {
            return new Rule(path, null, type, false);
        }

        static Rule key(String prefix, Type type) {
            return new Rule(CONFIG, prefix, type, false);
        }
    }

    static final String CONFIG = "flinkConfiguration";

    /** The table, upstream 1.15.0 in native mode. */
    static final List<Rule> RULES =
            List.of(
                    Rule.field("", Type.UPGRADE),
                    Rule.field(CONFIG, Type.UPGRADE),
                    Rule.key("job.autoscaler", Type.IGNORE),
                    Rule.key("parallelism.default", Type.IGNORE),
                    Rule.key("kubernetes.operator", Type.IGNORE),
                    Rule.key("pipeline.jobvertex-parallelism-overrides", Type.SCALE),
                    Rule.field("podTemplate", Type.UPGRADE),
                    Rule.field("jobManager.podTemplate", Type.UPGRADE),
                    Rule.field("taskManager.podTemplate", Type.UPGRADE),
                    Rule.field("job.upgradeMode", Type.IGNORE),
                    Rule.field("job.allowNonRestoredState", Type.IGNORE),
                    Rule.field("job.initialSavepointPath", Type.IGNORE),
                    Rule.field("job.savepointTriggerNonce", Type.IGNORE),
                    Rule.field("job.checkpointTriggerNonce", Type.IGNORE),
                    Rule.field("job.autoscalerResetNonce", Type.IGNORE),
                    new Rule("restartNonce", null, Type.UPGRADE, true));

    private static final ObjectMapper JSON = new ObjectMapper();

    private UpstreamSpecDiff() {}

    /** The type of the whole change from {@code before} to {@code after}: IGNORE if none. */
    static Type classify(Map<String, Object> before, Map<String, Object> after) {
        return changes(before, after).values().stream()
                .max(Comparator.naturalOrder())
                .orElse(Type.IGNORE);
    }

    /**
     * Every changed value with its type, by path ({@code flinkConfiguration[key]} for a key);
     * sorted.
     */
    static Map<String, Type> changes(Map<String, Object> before, Map<String, Object> after) {
        Map<String, String> a = leaves(before);
        Map<String, String> b = leaves(after);
        var paths = new TreeSet<>(a.keySet());
        paths.addAll(b.keySet());
        var changes = new TreeMap<String, Type>();
        for (String path : paths) {
            if (!Objects.equals(a.get(path), b.get(path))) {
                changes.put(path, typeOf(path, b.get(path) == null));
            }
        }
        return changes;
    }

    private static Type typeOf(String leaf, boolean removed) {
        Rule rule = mostSpecific(leaf);
        return removed && rule.removalIgnored() ? Type.IGNORE : rule.type();
    }

    private static Rule mostSpecific(String leaf) {
        boolean isKey = leaf.startsWith(CONFIG + "[");
        String key = isKey ? leaf.substring(CONFIG.length() + 1, leaf.length() - 1) : null;
        String path = isKey ? CONFIG : leaf;
        Rule best = RULES.get(0);
        for (Rule rule : RULES) {
            boolean matches =
                    rule.keyPrefix() == null
                            ? covers(rule.path(), path)
                            : key != null && key.startsWith(rule.keyPrefix());
            if (matches && specificity(rule) > specificity(best)) {
                best = rule;
            }
        }
        return best;
    }

    private static boolean covers(String rule, String path) {
        return rule.isEmpty() || path.equals(rule) || path.startsWith(rule + ".");
    }

    /** More path segments first; a key prefix is below its map, a longer prefix more specific. */
    private static int specificity(Rule rule) {
        int segments = rule.path().isEmpty() ? 0 : rule.path().split("\\.").length;
        int prefix = rule.keyPrefix() == null ? 0 : 1 + rule.keyPrefix().length();
        return segments * 1000 + prefix;
    }

    /** Scalars and lists by path; configuration values by key, compared as the text Flink reads. */
    private static Map<String, String> leaves(Map<String, Object> spec) {
        var leaves = new TreeMap<String, String>();
        flatten("", JSON.valueToTree(spec == null ? Map.of() : spec), leaves);
        return leaves;
    }

    private static void flatten(String path, JsonNode node, Map<String, String> leaves) {
        if (node == null || node.isNull()) {
            return;
        }
        if (path.equals(CONFIG) && node.isObject()) {
            var keys = new TreeMap<String, String>();
            flattenKeys("", node, keys);
            keys.forEach((key, value) -> leaves.put(CONFIG + "[" + key + "]", value));
        } else if (node.isObject()) {
            node.properties()
                    .forEach(
                            e ->
                                    flatten(
                                            path.isEmpty() ? e.getKey() : path + "." + e.getKey(),
                                            e.getValue(),
                                            leaves));
        } else {
            leaves.put(path, node.toString());
        }
    }

    private static void flattenKeys(String prefix, JsonNode node, Map<String, String> keys) {
        node.properties()
                .forEach(
                        e -> {
                            String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
                            if (e.getValue().isObject()) {
                                flattenKeys(key, e.getValue(), keys);
                            } else if (!e.getValue().isNull()) {
                                keys.put(key, e.getValue().asText());
                            }
                        });
    }
}
