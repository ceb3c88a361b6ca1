package dev.bluegreen.gate.rule;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * An offset per source partition, e.g. a position cut's {@code O_p} or a gate's positions. A
 * partition is named {@code topic/partition} ({@link #key}); Kafka topic names use only {@code
 * [a-zA-Z0-9._-]}, so the text form {@code orders/0@120,orders/1@77} needs no escaping. Immutable
 * and thread-safe.
 */
public final class PartitionOffsets {
    /** No partition. */
    public static final PartitionOffsets NONE = new PartitionOffsets(new TreeMap<>());

    private final Map<String, Long> offsets;

    private PartitionOffsets(TreeMap<String, Long> offsets) {
        this.offsets = Collections.unmodifiableMap(offsets);
    }

    /**
     * Offsets from a map.
     *
     * @param offsets partition key ({@link #key}) to offset, every offset at least 0
     * @return the offsets, sorted by key
     * @throws IllegalArgumentException naming a bad key or a negative offset
     */
    public static PartitionOffsets of(Map<String, Long> offsets) {
        TreeMap<String, Long> copy = new TreeMap<>();
        for (Map.Entry<String, Long> e : offsets.entrySet()) {
            checkKey(e.getKey());
            if (e.getValue() == null || e.getValue() < 0) {
                throw new IllegalArgumentException(
                        "offset of " + e.getKey() + ": expected >= 0, got " + e.getValue());
            }
            copy.put(e.getKey(), e.getValue());
        }
        return new PartitionOffsets(copy);
    }

    /**
     * The key of a partition.
     *
     * @param topic the topic name
     * @param partition the partition number, at least 0
     * @return {@code topic/partition}
     */
    public static String key(String topic, int partition) {
        return topic + "/" + partition;
    }

    static void checkKey(String key) {
        int slash = key == null ? -1 : key.lastIndexOf('/');
        boolean valid = slash > 0 && slash < key.length() - 1;
        for (int i = 0; valid && i < key.length(); i++) {
            char c = key.charAt(i);
            valid = i == slash ? c == '/' : i > slash ? isDigit(c) : isTopicChar(c);
        }
        if (!valid) {
            throw new IllegalArgumentException(
                    "partition: expected topic/partition, got \"" + key + "\"");
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isTopicChar(char c) {
        return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || ".-_".indexOf(c) >= 0;
    }

    /** Partition key to offset, sorted by key (unmodifiable). */
    public Map<String, Long> asMap() {
        return offsets;
    }

    /** The offset of a partition, or {@code absent} when it is not named. */
    public long get(String key, long absent) {
        Long value = offsets.get(key);
        return value == null ? absent : value;
    }

    /** Whether no partition is named. */
    public boolean isEmpty() {
        return offsets.isEmpty();
    }

    /** The text form, e.g. {@code orders/0@120,orders/1@77}; empty for none. */
    public String toText() {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, Long> e : offsets.entrySet()) {
            text.append(text.length() == 0 ? "" : ",").append(e.getKey());
            text.append('@').append(e.getValue());
        }
        return text.toString();
    }

    /**
     * Parses the text form.
     *
     * @param field the field name for errors
     * @param text e.g. {@code orders/0@120}; empty for none
     * @return the offsets
     * @throws IllegalArgumentException naming the field
     */
    public static PartitionOffsets parse(String field, String text) {
        TreeMap<String, Long> parsed = new TreeMap<>();
        if (text.isEmpty()) {
            return new PartitionOffsets(parsed);
        }
        try {
            for (String item : text.split(",")) {
                int at = item.lastIndexOf('@');
                parsed.put(
                        item.substring(0, Math.max(at, 0)), Long.parseLong(item.substring(at + 1)));
            }
            return of(parsed);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    field + ": expected topic/partition@offset,..., got \"" + text + "\"", e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PartitionOffsets && ((PartitionOffsets) o).offsets.equals(offsets);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(offsets);
    }

    @Override
    public String toString() {
        return toText();
    }
}
