package dev.bluegreen.ingress;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Immutable copies of input collections whose null-element errors name the field. */
final class Copies {

    private Copies() {}

    /** An immutable copy of {@code map}; {@code null} becomes empty. */
    static Map<String, String> map(Map<String, String> map, String field) {
        if (map == null) {
            return Map.of();
        }
        map.forEach(
                (k, v) -> {
                    Objects.requireNonNull(k, field + ": null key");
                    Objects.requireNonNull(v, field + "." + k + " == null");
                });
        return Map.copyOf(map);
    }

    /** An immutable copy of {@code list}; {@code null} becomes empty. */
    static <T> List<T> list(List<T> list, String field) {
        if (list == null) {
            return List.of();
        }
        for (int i = 0; i < list.size(); i++) {
            Objects.requireNonNull(list.get(i), field + "[" + i + "] == null");
        }
        return List.copyOf(list);
    }
}
