package dev.bluegreen.gate.table;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.table.data.RowData;

/**
 * A Sink V2 writer that collects into a {@link CollectingSinkFactory} target: the part of the
 * collecting sinks that is the same on every Flink line (the lines' {@code CollectFunctions} differ
 * only in the legacy sink-function types and the writer factory methods of {@code Sink}).
 */
final class CollectingWriter implements SinkWriter<RowData> {
    private final String target;

    CollectingWriter(String target) {
        this.target = target;
    }

    @Override
    public void write(RowData row, Context context) {
        CollectingSinkFactory.collect(target, row);
    }

    @Override
    public void flush(boolean endOfInput) {}

    @Override
    public void close() {}
}
