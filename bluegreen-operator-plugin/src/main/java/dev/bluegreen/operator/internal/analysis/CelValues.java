package dev.bluegreen.operator.internal.analysis;

import com.google.protobuf.NullValue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a provider's value into the value CEL sees: every {@link Number} becomes a {@code double}
 * (so {@code result[0] >= 0.95} and {@code result > 1} both work; NaN stays NaN), lists and maps
 * are converted element by element (map keys as text), {@code null} is CEL's {@code null}; strings
 * and booleans stay. Anything else is its text. Stateless.
 */
final class CelValues {
    private CelValues() {}

    /** The CEL value of {@code value}. */
    static Object of(Object value) {
        if (value == null) {
            return NullValue.NULL_VALUE;
        }
        if (value instanceof Number number) {
            return number.doubleValue();
        }
        if (value instanceof String || value instanceof Boolean) {
            return value;
        }
        if (value instanceof List<?> list) {
            List<Object> converted = new ArrayList<>(list.size());
            list.forEach(element -> converted.add(of(element)));
            return converted;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> converted = new LinkedHashMap<>();
            map.forEach((key, element) -> converted.put(String.valueOf(key), of(element)));
            return converted;
        }
        return value.toString();
    }
}
