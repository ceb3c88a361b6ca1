package dev.bluegreen.gate.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parsed {@code key=value;key=value} text, the wire form of commands and reports. Errors name the
 * object and the key, e.g. {@code report.watermark: expected an integer, got "x"}. Immutable.
 */
public final class KeyValueText {
    private final String what;
    private final Map<String, String> values;

    private KeyValueText(String what, Map<String, String> values) {
        this.what = what;
        this.values = values;
    }

    public static KeyValueText parse(String what, String text) {
        if (text == null || text.trim().isEmpty()) {
            throw new IllegalArgumentException(what + ": expected key=value pairs, got nothing");
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (String pair : text.trim().split(";")) {
            int equals = pair.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException(
                        what + ": expected key=value, got \"" + pair + "\"");
            }
            values.put(pair.substring(0, equals).trim(), pair.substring(equals + 1).trim());
        }
        return new KeyValueText(what, Collections.unmodifiableMap(values));
    }

    public String text(String key) {
        String value = values.get(key);
        if (value == null) {
            throw new IllegalArgumentException(what + "." + key + ": missing");
        }
        return value;
    }

    /**
     * Whether the text has {@code key} (fields added later are optional: older texts lack them).
     */
    public boolean has(String key) {
        return values.containsKey(key);
    }

    /** {@link #longValue} of {@code key}, or {@code absent} when the text lacks the key. */
    public long longValue(String key, long absent) {
        return has(key) ? longValue(key) : absent;
    }

    /** {@link #booleanValue} of {@code key}, or {@code absent} when the text lacks the key. */
    public boolean booleanValue(String key, boolean absent) {
        return has(key) ? booleanValue(key) : absent;
    }

    /** {@link #text} of {@code key}, or {@code absent} when the text lacks the key. */
    public String text(String key, String absent) {
        return has(key) ? text(key) : absent;
    }

    public long longValue(String key) {
        String value = text(key);
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    what + "." + key + ": expected an integer, got \"" + value + "\"", e);
        }
    }

    public int intValue(String key) {
        long value = longValue(key);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    what + "." + key + ": expected a 32-bit integer, got " + value);
        }
        return (int) value;
    }

    public boolean booleanValue(String key) {
        String value = text(key);
        if ("true".equals(value) || "false".equals(value)) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException(
                what + "." + key + ": expected true or false, got \"" + value + "\"");
    }

    public String enumName(String key, Enum<?>[] allowed) {
        String value = text(key);
        for (Enum<?> candidate : allowed) {
            if (candidate.name().equals(value)) {
                return value;
            }
        }
        throw new IllegalArgumentException(
                String.format(
                        "%s.%s: expected one of %s, got \"%s\"",
                        what, key, List.of(allowed), value));
    }

    public List<Long> longList(String key) {
        String value = text(key);
        List<Long> list = new ArrayList<>();
        if (value.isEmpty()) {
            return list;
        }
        for (String item : value.split(",")) {
            list.add(longItem(key, value, item));
        }
        return list;
    }

    private long longItem(String key, String value, String item) {
        try {
            return Long.parseLong(item.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    what + "." + key + ": expected integers, got \"" + value + "\"", e);
        }
    }
}
