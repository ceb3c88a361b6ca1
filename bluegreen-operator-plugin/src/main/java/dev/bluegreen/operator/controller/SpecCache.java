package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last few desired specs seen per parent, by ref. The status keeps only the last stable spec;
 * an in-flight target that is no longer the desired spec (the user changed it while traffic was
 * being moved) is resolved from here. Lost on restart (then the engine's actions naming such a
 * target fail and are retried until the spec is decided again). Thread-safe.
 */
final class SpecCache {
    private static final int PER_PARENT = 4;
    private final Map<String, Map<String, JsonNode>> byParent = new ConcurrentHashMap<>();

    /** Remembers {@code spec} for {@code parentKey}. */
    void remember(String parentKey, JsonNode spec) {
        Map<String, JsonNode> specs =
                byParent.computeIfAbsent(
                        parentKey,
                        k ->
                                new LinkedHashMap<>(8, 0.75f, true) {
                                    @Override
                                    protected boolean removeEldestEntry(
                                            Map.Entry<String, JsonNode> eldest) {
                                        return size() > PER_PARENT;
                                    }
                                });
        synchronized (specs) {
            specs.put(SpecJson.ref(spec), spec);
        }
    }

    /** The remembered specs of {@code parentKey}. */
    Map<String, JsonNode> specs(String parentKey) {
        Map<String, JsonNode> specs = byParent.get(parentKey);
        if (specs == null) {
            return Map.of();
        }
        synchronized (specs) {
            return Map.copyOf(specs);
        }
    }

    /** Forgets a deleted parent. */
    void forget(String parentKey) {
        byParent.remove(parentKey);
    }
}
