package dev.bluegreen.gate.table;

import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.connector.ParallelismProvider;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.sink.DataStreamSinkProvider;
import org.apache.flink.table.connector.sink.DynamicTableSink.SinkRuntimeProvider;
import org.apache.flink.table.connector.sink.OutputFormatProvider;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.data.RowData;

import java.util.Optional;

/**
 * Hands the gated stream to the inner sink, whatever provider type it returns:
 *
 * <table>
 *   <caption>Inner providers</caption>
 *   <tr><th>Provider</th><th>How</th><th>Uid</th></tr>
 *   <tr><td>{@link SinkV2Provider}</td><td>{@code sinkTo}</td><td rowspan="3">per colour: the
 *       planner's {@code sink} uid (or {@code bluegreen-sink-<table>}) plus {@code -blue} or
 *       {@code -green}; without a colour the planner's uid or none</td></tr>
 *   <tr><td>{@code SinkFunctionProvider} (1.20: {@code table.connector.sink}, 2.x: {@code
 *       table.connector.sink.legacy}; see {@link LegacySinks})</td><td>{@code addSink}</td></tr>
 *   <tr><td>{@link OutputFormatProvider}</td><td>{@code writeUsingOutputFormat}</td></tr>
 *   <tr><td>{@link DataStreamSinkProvider}</td><td>its own {@code consumeDataStream}</td><td>its
 *       own, each coloured</td></tr>
 * </table>
 *
 * <p>Parallelism: the inner provider's, else the input's (as the planner does). Other providers
 * (the deprecated Sink V1 {@code SinkProvider}, the internal {@code TransformationSinkProvider})
 * are refused. Stateless.
 */
final class InnerSinks {
    private InnerSinks() {}

    /**
     * Attaches the inner sink to the gated stream.
     *
     * @throws TableException naming the provider type when it is not one of the supported ones
     */
    static DataStreamSink<?> attach(
            SinkRuntimeProvider inner,
            DataStream<RowData> gated,
            ProviderContext context,
            GatePlan plan) {
        ProviderContext coloured = name -> context.generateUid(name).map(plan.scope()::scoped);
        if (inner instanceof DataStreamSinkProvider) {
            return ((DataStreamSinkProvider) inner).consumeDataStream(coloured, gated);
        }
        DataStreamSink<RowData> sink = sinkOf(inner, gated, plan);
        sink.name("Sink: " + plan.table());
        sink.setParallelism(parallelism(inner).orElse(gated.getParallelism()));
        sinkUid(context, plan).ifPresent(sink::uid);
        return sink;
    }

    /** The sink of a provider the wrapper attaches itself (SinkV2, SinkFunction, OutputFormat). */
    private static DataStreamSink<RowData> sinkOf(
            SinkRuntimeProvider inner, DataStream<RowData> gated, GatePlan plan) {
        if (inner instanceof SinkV2Provider) {
            return gated.sinkTo(((SinkV2Provider) inner).createSink());
        }
        Optional<DataStreamSink<RowData>> function = LegacySinks.sinkFunction(inner, gated);
        if (function.isPresent()) {
            return function.get();
        }
        if (inner instanceof OutputFormatProvider) {
            return gated.writeUsingOutputFormat(
                    ((OutputFormatProvider) inner).createOutputFormat());
        }
        throw unsupported(inner, plan);
    }

    private static TableException unsupported(SinkRuntimeProvider inner, GatePlan plan) {
        return new TableException(
                "Connector 'bluegreen': the inner sink of table "
                        + plan.table()
                        + " returns a "
                        + inner.getClass().getName()
                        + "; supported: SinkV2Provider, DataStreamSinkProvider,"
                        + " OutputFormatProvider, "
                        + LegacySinks.SINK_FUNCTION_PROVIDER);
    }

    /** The uid of a sink the wrapper attaches itself (see the class's table). */
    static Optional<String> sinkUid(ProviderContext context, GatePlan plan) {
        Optional<String> planned = context.generateUid("sink");
        if (plan.scope().color().isEmpty()) {
            return planned;
        }
        return Optional.of(plan.scope().scoped(planned.orElse("bluegreen-sink-" + plan.table())));
    }

    private static Optional<Integer> parallelism(SinkRuntimeProvider inner) {
        return inner instanceof ParallelismProvider
                ? ((ParallelismProvider) inner).getParallelism()
                : Optional.empty();
    }
}
