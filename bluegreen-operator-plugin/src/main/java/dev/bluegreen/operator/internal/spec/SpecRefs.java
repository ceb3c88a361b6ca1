package dev.bluegreen.operator.internal.spec;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parent specs a reconcile knows by ref: the desired spec, the last stable spec and the
 * in-flight target. Actions of the engine name specs by ref; this resolves them to JSON. Immutable.
 *
 * @param specs spec trees keyed by their ref
 */
public record SpecRefs(Map<String, JsonNode> specs) {
    /** Copies the map. */
    public SpecRefs {
        specs = Map.copyOf(specs);
    }

    /**
     * The refs of the desired spec and (when known) the last stable spec.
     *
     * @param desired the desired spec tree (canonical)
     * @param stable the last stable spec tree, or {@code null}
     */
    public static SpecRefs of(JsonNode desired, JsonNode stable) {
        return of(desired, stable, null);
    }

    /**
     * The desired spec, the last stable spec and the target of the change in flight (all three come
     * from the parent: {@code spec}, {@code status.lastStableSpec}, {@code status.targetSpec}, so
     * they survive a controller restart).
     *
     * @param target the in-flight target spec tree, or {@code null}
     */
    public static SpecRefs of(JsonNode desired, JsonNode stable, JsonNode target) {
        Map<String, JsonNode> map = new LinkedHashMap<>();
        if (target != null) {
            map.put(SpecJson.ref(target), target);
        }
        if (stable != null) {
            map.put(SpecJson.ref(stable), stable);
        }
        map.put(SpecJson.ref(desired), desired);
        return new SpecRefs(map);
    }

    /**
     * The spec with {@code ref}.
     *
     * @throws IllegalStateException naming the ref when it is neither the desired spec, the last
     *     stable spec nor the in-flight target (its JSON is not kept)
     */
    public JsonNode resolve(String ref) {
        JsonNode spec = specs.get(ref);
        if (spec == null) {
            throw new IllegalStateException(
                    "spec ref "
                            + ref
                            + " is neither the desired spec, status.lastStableSpec nor"
                            + " status.targetSpec"
                            + " (known: "
                            + specs.keySet()
                            + ")");
        }
        return spec;
    }
}
