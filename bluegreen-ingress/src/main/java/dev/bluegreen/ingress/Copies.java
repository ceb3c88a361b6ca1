package dev.bluegreen.ingress;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Immutable copies of input collections, checked as the API server checks them; errors name the
 * field.
 */
final class Copies {

    private static final Pattern NAME_PART =
            Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");

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

    /**
     * An immutable copy of a label map: keys are qualified names ({@code [prefix/]name}), values at
     * most 63 characters of {@code [-A-Za-z0-9_.]} starting and ending alphanumeric, or empty.
     */
    static Map<String, String> labels(Map<String, String> labels, String field) {
        Map<String, String> copy = map(labels, field);
        copy.forEach(
                (key, value) -> {
                    requireQualifiedName(key, field);
                    requireLabelValue(key, value, field);
                });
        return copy;
    }

    private static void requireLabelValue(String key, String value, String field) {
        if (!value.isEmpty() && (value.length() > 63 || !NAME_PART.matcher(value).matches())) {
            throw new IllegalArgumentException(
                    field + "." + key + ": invalid label value " + DnsNames.quote(value));
        }
    }

    /** An immutable copy of an annotation map: keys are qualified names, values are free text. */
    static Map<String, String> annotations(Map<String, String> annotations, String field) {
        Map<String, String> copy = map(annotations, field);
        copy.keySet().forEach(key -> requireQualifiedName(key, field));
        return copy;
    }

    private static void requireQualifiedName(String key, String field) {
        int slash = key.lastIndexOf('/');
        String prefix = slash < 0 ? null : key.substring(0, slash);
        String name = key.substring(slash + 1);
        boolean valid =
                name.length() <= 63
                        && NAME_PART.matcher(name).matches()
                        && (prefix == null || DnsNames.isObjectName(prefix));
        if (!valid) {
            throw new IllegalArgumentException(
                    field + ": invalid key " + DnsNames.quote(key) + ", expected [prefix/]name");
        }
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
