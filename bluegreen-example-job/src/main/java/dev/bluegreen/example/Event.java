package dev.bluegreen.example;

import java.util.Objects;

/**
 * One generated record: a Flink POJO (public fields, no-argument constructor) so that Flink
 * serializes it without Kryo.
 */
public final class Event {
    /** The record's position in the source sequence, from 0. */
    public long id;

    /** The grouping key, {@code k0} .. {@code k<keys-1>}. */
    public String key;

    /** Event time, epoch milliseconds. */
    public long eventTime;

    /** For Flink's POJO serializer. */
    public Event() {}

    /** An event with the given fields. */
    public Event(long id, String key, long eventTime) {
        this.id = id;
        this.key = key;
        this.eventTime = eventTime;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Event e
                && e.id == id
                && e.eventTime == eventTime
                && Objects.equals(e.key, key);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, key, eventTime);
    }

    @Override
    public String toString() {
        return "Event[id=" + id + ", key=" + key + ", eventTime=" + eventTime + "]";
    }
}
