package dev.bluegreen.gate.table;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.abilities.SupportsWritingMetadata;
import org.apache.flink.table.types.DataType;

import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The {@code bluegreen} table sink: the inner connector's sink behind the gate. Accepts append-only
 * input only ({@link #getChangelogMode}); delegates writable metadata (Kafka's {@code timestamp},
 * {@code headers}, {@code topic}) to the inner sink. Not thread-safe (the planner uses it from one
 * thread and copies it).
 */
final class BlueGreenDynamicSink implements DynamicTableSink, SupportsWritingMetadata {
    private final DynamicTableSink inner;
    private final GatePlan plan;
    private String rowType;

    /**
     * A sink.
     *
     * @param inner the inner connector's sink
     * @param plan the gate's plan
     * @param rowType the rows' type as text ({@link GatePlan#rowTypeText}): the physical columns,
     *     until metadata columns are applied
     */
    BlueGreenDynamicSink(DynamicTableSink inner, GatePlan plan, String rowType) {
        this.inner = inner;
        this.plan = plan;
        this.rowType = rowType;
    }

    /** The rows' type as text (tests). */
    String rowType() {
        return rowType;
    }

    /** The inner connector's sink (tests). */
    DynamicTableSink inner() {
        return inner;
    }

    /** The plan (tests). */
    GatePlan plan() {
        return plan;
    }

    /**
     * Insert-only, whatever the planner requests: the gate decides each row once, by its event
     * time, and an update or a retraction of a row that the other colour emitted cannot be decided
     * that way. An updating query therefore fails at planning with Flink's "doesn't support
     * consuming update and delete changes" naming this table.
     */
    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
        return ChangelogMode.insertOnly();
    }

    @Override
    public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
        return new GatedSinkProvider(inner.getSinkRuntimeProvider(context), plan, rowType);
    }

    @Override
    public DynamicTableSink copy() {
        return new BlueGreenDynamicSink(inner.copy(), plan, rowType);
    }

    @Override
    public String asSummaryString() {
        return "BlueGreen(" + inner.asSummaryString() + ")";
    }

    @Override
    public Map<String, DataType> listWritableMetadata() {
        return inner instanceof SupportsWritingMetadata
                ? ((SupportsWritingMetadata) inner).listWritableMetadata()
                : Collections.emptyMap();
    }

    @Override
    public void applyWritableMetadata(List<String> metadataKeys, DataType consumedDataType) {
        if (inner instanceof SupportsWritingMetadata) {
            ((SupportsWritingMetadata) inner).applyWritableMetadata(metadataKeys, consumedDataType);
            rowType = GatePlan.rowTypeText(consumedDataType.getLogicalType());
        } else if (!metadataKeys.isEmpty()) {
            throw new ValidationException(
                    "Connector 'bluegreen': the inner sink "
                            + inner.asSummaryString()
                            + " writes no metadata; got "
                            + metadataKeys);
        }
    }
}
