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

    BlueGreenDynamicSink(DynamicTableSink inner, GatePlan plan) {
        this.inner = inner;
        this.plan = plan;
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
        return new GatedSinkProvider(inner.getSinkRuntimeProvider(context), plan);
    }

    @Override
    public DynamicTableSink copy() {
        return new BlueGreenDynamicSink(inner.copy(), plan);
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
        } else if (!metadataKeys.isEmpty()) {
            throw new ValidationException(
                    "Connector 'bluegreen': the inner sink "
                            + inner.asSummaryString()
                            + " writes no metadata; got "
                            + metadataKeys);
        }
    }
}
