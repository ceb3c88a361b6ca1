package dev.bluegreen.gate.flink;

import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.transformations.PhysicalTransformation;

/**
 * Entry point: puts the blue/green gate in a job, just before the sink.
 *
 * <pre>{@code
 * DataStream<Order> orders = ...;                 // with timestamps and watermarks
 * BlueGreenGate.apply(orders).sinkTo(sink);       // colour and channel come from the config
 * }</pre>
 *
 * <p>The gate keeps the stream's type and parallelism and chains to its input. Its operator uid is
 * the options' name (default {@value GateOptions#DEFAULT_NAME}), so blue's savepoint restores into
 * green. Without {@code bluegreen.gate.color} it passes every record (BASIC mode).
 */
public final class BlueGreenGate {
    private BlueGreenGate() {}

    /**
     * Gates a stream with options from the job configuration.
     *
     * @param stream the stream before the sink; its records need timestamps
     * @param <T> the record type
     * @return the gated stream
     */
    public static <T> SingleOutputStreamOperator<T> apply(DataStream<T> stream) {
        return apply(stream, GateOptions.fromConfiguration());
    }

    /**
     * Gates a stream.
     *
     * @param stream the stream before the sink
     * @param options options set in code; unset ones come from the job configuration
     * @param <T> the record type
     * @return the gated stream
     */
    public static <T> SingleOutputStreamOperator<T> apply(
            DataStream<T> stream, GateOptions<T> options) {
        SingleOutputStreamOperator<T> gated =
                stream.transform(
                                options.name(),
                                stream.getType(),
                                new GateOperator<>(options, stream.getType()))
                        .uid(options.name())
                        .setParallelism(stream.getParallelism());
        // Operators start a new chain by default; the gate is a filter and must not add a
        // network hop (and a serialization) between the last operator and the sink.
        ((PhysicalTransformation<T>) gated.getTransformation())
                .setChainingStrategy(ChainingStrategy.ALWAYS);
        return gated;
    }
}
