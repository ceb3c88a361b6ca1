package dev.bluegreen.gate.table;

import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.table.connector.sink.DynamicTableSink.SinkRuntimeProvider;
import org.apache.flink.table.connector.sink.SinkFunctionProvider;
import org.apache.flink.table.data.RowData;

import java.util.Optional;

/**
 * The one provider whose type differs between the Flink lines this module is built for: {@code
 * SinkFunctionProvider}. This copy is compiled for Flink 1.20 and names {@code
 * org.apache.flink.table.connector.sink.SinkFunctionProvider}; the build picks the copy of its
 * Flink line ({@code src/main/flink1} by default, {@code src/main/flink2} with {@code -Pflink2}).
 * Stateless.
 */
final class LegacySinks {
    /** The fully qualified name of the supported {@code SinkFunctionProvider}, for messages. */
    static final String SINK_FUNCTION_PROVIDER = SinkFunctionProvider.class.getName();

    private LegacySinks() {}

    /**
     * Adds the inner provider's sink function to the gated stream with {@code addSink}.
     *
     * @return the sink, or empty when the provider is not a {@code SinkFunctionProvider}
     */
    static Optional<DataStreamSink<RowData>> sinkFunction(
            SinkRuntimeProvider inner, DataStream<RowData> gated) {
        if (!(inner instanceof SinkFunctionProvider)) {
            return Optional.empty();
        }
        return Optional.of(gated.addSink(((SinkFunctionProvider) inner).createSinkFunction()));
    }
}
