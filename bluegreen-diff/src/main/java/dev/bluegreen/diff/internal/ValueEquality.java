package dev.bluegreen.diff.internal;

import com.fasterxml.jackson.databind.JsonNode;

/** Equality of two leaf values of normalized trees. Stateless and thread-safe. */
final class ValueEquality {

    private ValueEquality() {}

    /**
     * Equality of configuration values (canonical text after flattening): Flink's duration and
     * memory spellings of the same value are equal.
     */
    static boolean sameConfigValue(JsonNode a, JsonNode b) {
        if (a.isTextual() && b.isTextual()) {
            return FlinkValues.sameValue(a.textValue(), b.textValue());
        }
        return a.equals(b);
    }

    /** Equality of any other leaf: numbers by value ({@code 2} equals {@code 2.0}), else exact. */
    static boolean sameLeaf(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }
}
