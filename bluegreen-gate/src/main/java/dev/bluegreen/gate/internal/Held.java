package dev.bluegreen.gate.internal;

import java.util.Objects;

/**
 * Record kept by a gate while its event time is at or after a proposed, uncommitted cutover.
 * Immutable (the item itself is whatever the caller put in).
 *
 * @param <T> the item type (the Flink adapter keeps the value and its record timestamp)
 */
public final class Held<T> {
    private final long eventTime;
    private final T item;

    /**
     * A held record.
     *
     * @param eventTime the event time the gate decided on, epoch ms
     * @param item the record, not null
     */
    public Held(long eventTime, T item) {
        this.eventTime = eventTime;
        this.item = Objects.requireNonNull(item, "item");
    }

    /** Event time in epoch ms. */
    public long eventTime() {
        return eventTime;
    }

    /** The record. */
    public T item() {
        return item;
    }
}
