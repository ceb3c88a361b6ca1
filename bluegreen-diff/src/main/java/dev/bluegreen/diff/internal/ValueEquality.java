package dev.bluegreen.diff.internal;

import com.fasterxml.jackson.databind.JsonNode;

/** Equality of two present leaf values of normalized trees. Stateless and thread-safe. */
final class ValueEquality {

    private ValueEquality() {}

    /**
     * Equality of configuration values, compared by the text Flink reads ({@code 2} equals {@code
     * "2"}), with Flink's duration and memory spellings of the same value equal. Lists compare
     * element by element.
     */
    static boolean sameConfigValue(JsonNode a, JsonNode b) {
        if (a.equals(b)) {
            return true;
        }
        if (a.isArray() || b.isArray()) {
            return a.isArray() && b.isArray() && sameTextLists(a, b);
        }
        return FlinkValues.sameValue(text(a), text(b));
    }

    private static boolean sameTextLists(JsonNode a, JsonNode b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!text(a.get(i)).equals(text(b.get(i)))) {
                return false;
            }
        }
        return true;
    }

    /** Equality of any other leaf: numbers by value ({@code 2} equals {@code 2.0}), else exact. */
    static boolean sameLeaf(JsonNode a, JsonNode b) {
        if (a.equals(b)) {
            return true;
        }
        return a.isNumber() && b.isNumber() && a.decimalValue().compareTo(b.decimalValue()) == 0;
    }

    /** The string Flink sees for a plain value: numbers without exponent, null as empty. */
    private static String text(JsonNode scalar) {
        if (scalar.isIntegralNumber()) {
            return scalar.bigIntegerValue().toString();
        }
        if (scalar.isNumber()) {
            return scalar.decimalValue().toPlainString();
        }
        return scalar.isNull() ? "" : scalar.asText();
    }
}
