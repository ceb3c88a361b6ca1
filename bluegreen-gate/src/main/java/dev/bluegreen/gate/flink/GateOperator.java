package dev.bluegreen.gate.flink;

import dev.bluegreen.gate.channel.GateChannel;
import dev.bluegreen.gate.channel.GateChannels;
import dev.bluegreen.gate.internal.Held;
import dev.bluegreen.gate.internal.Restored;
import dev.bluegreen.gate.internal.SubtaskGate;
import dev.bluegreen.gate.internal.Verdict;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateReport;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.util.List;

/**
 * Flink operator around {@link SubtaskGate}: moves records, watermarks, state and timers; decides
 * nothing itself. Works on non-keyed streams (reports come from the processing-time service, not
 * from keyed timers). Without a colour it passes everything through.
 *
 * <p>State ({@link GateState}): the gate's memory in union operator state (every subtask restores
 * the combined memory, so a rescaled job keeps the cutovers and the conflict check), held and kept
 * records in split operator state. Checkpoint barriers ({@link #prepareSnapshotPreBarrier}) move a
 * keep window's release bound; completions are reported. Each report tick reads the channel's
 * newest command, applies it, publishes the report to the channel and to the gauges ({@link
 * GateMetrics}), and forwards the watermark.
 *
 * @param <T> the record type
 */
public final class GateOperator<T> extends AbstractStreamOperator<T>
        implements OneInputStreamOperator<T, T> {
    private static final long serialVersionUID = 1L;
    private static final long NO_TIMESTAMP = Long.MIN_VALUE;

    private final GateOptions<T> declared;
    private final TypeInformation<T> type;

    private transient GateOptions<T> options;
    private transient SubtaskGate<StreamRecord<T>> gate;
    private transient GateChannel channel;
    private transient EventTimeExtractor<T> extractor;
    private transient TypeSerializer<T> copier;
    private transient GateState<T> state;
    private transient Restored<StreamRecord<T>> restored;
    private transient volatile GateReport latest;
    private transient long emittedWatermark;
    private transient boolean objectReuse;

    /**
     * An operator; use {@link BlueGreenGate#apply} rather than this constructor.
     *
     * @param options the options set in code (the rest come from the configuration at start)
     * @param type the record type, for held-record state
     */
    public GateOperator(GateOptions<T> options, TypeInformation<T> type) {
        this.declared = options;
        this.type = type;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        state = new GateState<>(context, type);
        restored = state.restored();
    }

    @Override
    public void open() throws Exception {
        super.open();
        options = declared.resolve(configuration());
        extractor = options.extractor().orElse(null);
        copier = type.createSerializer(getExecutionConfig().getSerializerConfig());
        objectReuse = getExecutionConfig().isObjectReuseEnabled();
        emittedWatermark = Long.MIN_VALUE;
        if (options.color().isPresent()) {
            openGate(options.color().get());
        } else {
            // Pass-through (no colour): records held by an earlier run with a colour pass too.
            emitAll(restored.held());
        }
    }

    private void openGate(Color color) throws Exception {
        int subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        long now = getProcessingTimeService().getCurrentProcessingTime();
        int parallelism = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
        gate = new SubtaskGate<>(color, subtask, parallelism, options.settings(), now);
        channel = openChannel();
        // A fresh read before the first record (see GateChannel.readFresh), applied before the
        // restored records are decided.
        emitAll(gate.restore(restored, channel.readFresh().orElse(null)));
        restored = null;
        latest = gate.report(now);
        GateChannel opened = channel;
        GateMetrics.register(getMetricGroup(), () -> latest, () -> opened.lastError().orElse(""));
        onReportTick(now);
    }

    private GateChannel openChannel() {
        return GateChannels.open(
                options.channelType(),
                options.channel().get(),
                configuration().toMap(),
                getUserCodeClassloader());
    }

    private Configuration configuration() {
        Configuration merged =
                new Configuration(
                        getContainingTask()
                                .getEnvironment()
                                .getTaskManagerInfo()
                                .getConfiguration());
        merged.addAll(getContainingTask().getEnvironment().getJobConfiguration());
        return merged;
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        if (gate == null) {
            output.collect(record);
            return;
        }
        long eventTime = eventTime(record);
        StreamRecord<T> item =
                objectReuse && gate.wouldRetain(eventTime) ? copyForHolding(record) : record;
        if (gate.offer(eventTime, item) == Verdict.PASS) {
            output.collect(record);
        }
    }

    private long eventTime(StreamRecord<T> record) {
        if (extractor != null) {
            return extractor.eventTime(record.getValue());
        }
        if (!record.hasTimestamp()) {
            throw new IllegalStateException(
                    "BlueGreenGate: a record has no timestamp; assign timestamps and watermarks"
                            + " before the gate, or set an EventTimeExtractor in GateOptions");
        }
        return record.getTimestamp();
    }

    private StreamRecord<T> copyForHolding(StreamRecord<T> record) {
        // With object reuse the caller may reuse the record and its value after we return; a held
        // record must stay as it was.
        T value = copier.copy(record.getValue());
        return GateState.toRecord(
                value, record.hasTimestamp() ? record.getTimestamp() : NO_TIMESTAMP);
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        if (gate == null) {
            super.processWatermark(mark);
            return;
        }
        gate.advanceWatermark(mark.getTimestamp());
        emitWatermarkIfAdvanced();
    }

    private void emitWatermarkIfAdvanced() {
        long watermark = gate.outputWatermark();
        if (watermark > emittedWatermark) {
            emittedWatermark = watermark;
            output.emitWatermark(new Watermark(watermark));
        }
    }

    private void onReportTick(long now) {
        channel.currentCommand().ifPresent(command -> emitAll(gate.apply(command)));
        gate.tick(now);
        latest = gate.report(now);
        channel.report(latest);
        emitWatermarkIfAdvanced();
        long next = now + options.reportInterval().toMillis();
        getProcessingTimeService().registerTimer(next, this::onReportTick);
    }

    private void emitAll(List<Held<StreamRecord<T>>> released) {
        for (Held<StreamRecord<T>> record : released) {
            output.collect(record.item());
        }
    }

    @Override
    public void finish() throws Exception {
        if (gate != null) {
            // The input has ended: nothing can wait for a commit any more.
            emitAll(gate.releaseAll());
            emitWatermarkIfAdvanced();
        }
        super.finish();
    }

    /**
     * Before the barrier goes downstream: a keep window's bound for this checkpoint comes into
     * force, and the held records below it pass now, so they belong to this checkpoint's output.
     */
    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        super.prepareSnapshotPreBarrier(checkpointId);
        if (gate != null) {
            emitAll(gate.barrier(checkpointId));
        }
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        super.notifyCheckpointComplete(checkpointId);
        if (gate != null) {
            gate.checkpointCompleted(checkpointId);
        }
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        if (gate == null) {
            // Restored state was emitted in open(); it must not come back on the next restore.
            state.clear();
            return;
        }
        long now = getProcessingTimeService().getCurrentProcessingTime();
        gate.keptBytes(state.save(gate, gate.report(now).keeping(), copier));
    }

    @Override
    public void close() throws Exception {
        if (channel != null) {
            channel.close();
        }
        super.close();
    }

    /** The newest report of this subtask, null for a pass-through gate (for tests). */
    GateReport latestReport() {
        return latest;
    }
}
