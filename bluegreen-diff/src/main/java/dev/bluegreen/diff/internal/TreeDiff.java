package dev.bluegreen.diff.internal;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Walks two normalized spec trees side by side and reports every leaf that differs. Null, absent
 * and empty (empty object, array or string) are the same. An object or array on one side and
 * nothing on the other is walked into, so each added or removed leaf is reported on its own path; a
 * type change (object against text, say) is reported where it happens. Stateless and thread-safe;
 * the sink is called on the caller's thread.
 */
public final class TreeDiff {

    /** Receives the differences found by {@link #walk}. */
    @FunctionalInterface
    public interface Sink {
        /**
         * Called once for each leaf that differs.
         *
         * @param path the segments from the spec root; only valid during the call
         * @param before the old value, or {@code null} if absent
         * @param after the new value, or {@code null} if absent
         */
        void changed(List<String> path, JsonNode before, JsonNode after);
    }

    private static final List<String> CONFIGURATION = List.of("configuration");
    private static final List<String> FLINK_CONFIGURATION =
            List.of("template", "spec", "flinkConfiguration");

    private TreeDiff() {}

    /**
     * Reports every difference between two normalized trees to the sink.
     *
     * @param before the normalized last applied spec
     * @param after the normalized desired spec
     * @param sink receives each difference
     */
    public static void walk(JsonNode before, JsonNode after, Sink sink) {
        walk(new ArrayList<>(), before, after, false, sink);
    }

    private static void walk(
            List<String> path, JsonNode before, JsonNode after, boolean configValue, Sink sink) {
        // The same node on both sides (shared subtrees of a normalized view) cannot differ.
        if (before == after) {
            return;
        }
        JsonNode old = Nodes.isAbsent(before) ? null : before;
        JsonNode now = Nodes.isAbsent(after) ? null : after;
        if (old != null || now != null) {
            walkPresent(path, old, now, configValue, sink);
        }
    }

    /** Walks two nodes of which at least one is present ({@code null}: absent). */
    private static void walkPresent(
            List<String> path, JsonNode old, JsonNode now, boolean configValue, Sink sink) {
        if (isObjectOrAbsent(old) && isObjectOrAbsent(now)) {
            walkObjects(path, old, now, sink);
        } else if (isArrayOrAbsent(old) && isArrayOrAbsent(now) && !configValue) {
            walkArrays(path, old, now, sink);
        } else if (old == null || now == null || !sameLeaf(old, now, configValue)) {
            sink.changed(path, old, now);
        }
    }

    private static void walkObjects(List<String> path, JsonNode before, JsonNode after, Sink sink) {
        boolean childrenAreConfigValues = isConfigMap(path);
        if (before != null) {
            for (Iterator<String> keys = before.fieldNames(); keys.hasNext(); ) {
                String key = keys.next();
                JsonNode now = after == null ? null : after.get(key);
                descend(path, key, before.get(key), now, childrenAreConfigValues, sink);
            }
        }
        if (after != null) {
            walkAdded(path, before, after, childrenAreConfigValues, sink);
        }
    }

    /** Walks the fields only {@code after} has. */
    private static void walkAdded(
            List<String> path, JsonNode before, JsonNode after, boolean configValues, Sink sink) {
        for (Iterator<String> keys = after.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (before == null || !before.has(key)) {
                descend(path, key, null, after.get(key), configValues, sink);
            }
        }
    }

    private static void walkArrays(List<String> path, JsonNode before, JsonNode after, Sink sink) {
        int beforeSize = before == null ? 0 : before.size();
        int afterSize = after == null ? 0 : after.size();
        for (int i = 0; i < Math.max(beforeSize, afterSize); i++) {
            JsonNode old = element(before, i);
            JsonNode now = element(after, i);
            // A list that grew or shrank changed even if the element is empty ("" or null).
            boolean lengthChanged = i >= beforeSize || i >= afterSize;
            if (lengthChanged && Nodes.isAbsent(old == null ? now : old)) {
                changedAt(path, JsonPaths.index(i), old, now, sink);
            } else {
                descend(path, JsonPaths.index(i), old, now, false, sink);
            }
        }
    }

    private static void changedAt(
            List<String> path, String segment, JsonNode old, JsonNode now, Sink sink) {
        path.add(segment);
        sink.changed(path, old, now);
        path.remove(path.size() - 1);
    }

    private static JsonNode element(JsonNode array, int index) {
        return array == null || index >= array.size() ? null : array.get(index);
    }

    private static void descend(
            List<String> path,
            String segment,
            JsonNode before,
            JsonNode after,
            boolean configValue,
            Sink sink) {
        path.add(segment);
        walk(path, before, after, configValue, sink);
        path.remove(path.size() - 1);
    }

    private static boolean sameLeaf(JsonNode before, JsonNode after, boolean configValue) {
        return configValue
                ? ValueEquality.sameConfigValue(before, after)
                : ValueEquality.sameLeaf(before, after);
    }

    private static boolean isObjectOrAbsent(JsonNode node) {
        return node == null || node.isObject();
    }

    private static boolean isArrayOrAbsent(JsonNode node) {
        return node == null || node.isArray();
    }

    private static boolean isConfigMap(List<String> path) {
        return FLINK_CONFIGURATION.equals(path) || CONFIGURATION.equals(path);
    }
}
