package dev.bluegreen.gate.flink;

import java.io.Serializable;

/**
 * Event time of a record for the gate, when the Flink record timestamp is not the right one (or is
 * missing). Must be deterministic: blue and green must compute the same time for the same record.
 *
 * @param <T> the record type
 */
@FunctionalInterface
public interface EventTimeExtractor<T> extends Serializable {

    /**
     * The record's event time.
     *
     * @param value the record
     * @return epoch milliseconds
     */
    long eventTime(T value);
}
