package dev.bluegreen.gate.table;

import dev.bluegreen.gate.flink.BlueGreenGate;
import dev.bluegreen.gate.flink.GateOptions;

import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.operators.SimpleOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperatorFactory;
import org.apache.flink.streaming.api.transformations.OneInputTransformation;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.sink.DataStreamSinkProvider;
import org.apache.flink.table.connector.sink.DynamicTableSink.SinkRuntimeProvider;
import org.apache.flink.table.data.RowData;

/**
 * The wrapper's runtime provider: applies the gate to the sink's input, then hands the gated stream
 * to the inner sink's provider ({@link InnerSinks}). Runs when the statement is translated, before
 * the job is submitted.
 */
final class GatedSinkProvider implements DataStreamSinkProvider {
    /** The planner's operator that puts the rowtime attribute into each record's timestamp. */
    static final String TIMESTAMP_INSERTER =
            "org.apache.flink.table.runtime.operators.sink.StreamRecordTimestampInserter";

    private final SinkRuntimeProvider inner;
    private final GatePlan plan;
    private final String rowType;

    GatedSinkProvider(SinkRuntimeProvider inner, GatePlan plan, String rowType) {
        this.inner = inner;
        this.plan = plan;
        this.rowType = rowType;
    }

    /**
     * Gates the stream and attaches the inner sink.
     *
     * @throws ValidationException naming {@code bluegreen.event-time-column} when the query has no
     *     rowtime attribute and the option is unset
     * @throws org.apache.flink.table.api.TableException when the inner provider's type is not
     *     supported
     */
    @Override
    public DataStreamSink<?> consumeDataStream(
            ProviderContext context, DataStream<RowData> stream) {
        requireEventTime(stream);
        SingleOutputStreamOperator<RowData> gated =
                BlueGreenGate.apply(stream, plan.gateOptions(rowType));
        // the uid stays per table and row type; the name is the one the controller's REST reader
        // finds the gate's gauges by (<operator name>.bluegreenGate.report)
        gated.name(GateOptions.DEFAULT_NAME);
        return InnerSinks.attach(inner, gated, context, plan);
    }

    private void requireEventTime(DataStream<RowData> stream) {
        if (plan.column().isEmpty() && !carriesRowtime(stream.getTransformation())) {
            throw SinkPlanner.refused(
                    BlueGreenSinkOptions.EVENT_TIME_COLUMN.key(),
                    "table "
                            + plan.table()
                            + " gets no rowtime attribute from the query; select exactly one"
                            + " rowtime column (e.g. window_time) or set this option to a"
                            + " TIMESTAMP or TIMESTAMP_LTZ column");
        }
    }

    /**
     * Whether the planner put the rowtime into the records' timestamps: it does so, before a {@link
     * DataStreamSinkProvider}, exactly when the sink's input has one rowtime attribute.
     */
    static boolean carriesRowtime(Transformation<?> input) {
        if (!(input instanceof OneInputTransformation)) {
            return false;
        }
        StreamOperatorFactory<?> factory =
                ((OneInputTransformation<?, ?>) input).getOperatorFactory();
        return factory instanceof SimpleOperatorFactory
                && ((SimpleOperatorFactory<?>) factory)
                        .getOperator()
                        .getClass()
                        .getName()
                        .equals(TIMESTAMP_INSERTER);
    }
}
