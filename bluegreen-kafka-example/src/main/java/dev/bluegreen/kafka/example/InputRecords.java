package dev.bluegreen.kafka.example;

import dev.bluegreen.example.Event;

import java.nio.charset.StandardCharsets;

/**
 * The input topic's record format: Kafka key = the event key (UTF-8), value = {@code
 * id,key,eventTimeMs} (UTF-8), Kafka timestamp = the event time, partition = {@link #partition}.
 * Stateless and thread-safe.
 */
public final class InputRecords {
    private InputRecords() {}

    /** The record value of {@code event}: {@code id,key,eventTimeMs} in UTF-8. */
    public static byte[] value(Event event) {
        return (event.id + "," + event.key + "," + event.eventTime)
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The record key of {@code event}: its key in UTF-8. */
    public static byte[] key(Event event) {
        return event.key.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Parses a record value.
     *
     * @param value the UTF-8 bytes of {@code id,key,eventTimeMs}
     * @param where where the record came from, for the error message (e.g. {@code orders-in-2@17})
     * @return the event
     * @throws IllegalArgumentException naming {@code where} for a null or malformed value
     */
    public static Event parse(byte[] value, String where) {
        if (value == null) {
            throw new IllegalArgumentException(where + ": expected id,key,eventTimeMs, got null");
        }
        String text = new String(value, StandardCharsets.UTF_8);
        String[] parts = text.split(",", -1);
        if (parts.length != 3 || parts[1].isEmpty()) {
            throw new IllegalArgumentException(
                    where + ": expected id,key,eventTimeMs, got \"" + text + "\"");
        }
        try {
            return new Event(id(parts[0]), parts[1], Long.parseLong(parts[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    where + ": expected id and eventTimeMs as integers, got \"" + text + "\"", e);
        }
    }

    private static long id(String text) {
        long id = Long.parseLong(text);
        if (id < 0) {
            throw new NumberFormatException("negative id");
        }
        return id;
    }

    /**
     * The partition of a key: for the generator's keys {@code k<n>} it is {@code n mod partitions}
     * (consecutive keys on consecutive partitions, so a few keys cover every partition); for any
     * other key the key's hash code modulo {@code partitions}.
     *
     * @throws IllegalArgumentException when {@code partitions} is not positive
     */
    public static int partition(String key, int partitions) {
        if (partitions <= 0) {
            throw new IllegalArgumentException(
                    "partitions: expected a positive number, got " + partitions);
        }
        if (key.length() > 1 && key.charAt(0) == 'k' && key.substring(1).matches("[0-9]{1,9}")) {
            return Integer.parseInt(key.substring(1)) % partitions;
        }
        return Math.floorMod(key.hashCode(), partitions);
    }
}
