package dev.bluegreen.gate.kafka;

import dev.bluegreen.gate.channel.GateChannel;
import dev.bluegreen.gate.channel.GateChannels;
import dev.bluegreen.gate.internal.PositionGate;
import dev.bluegreen.gate.internal.Verdict;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;

import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.io.IOException;
import java.util.Objects;

/**
 * The user's deserializer behind a {@link PositionGate}: a PASSed record is deserialised, a DROPped
 * one is not, a HELD one (at or after a proposed cut) makes the task thread wait until the
 * controller commits or aborts the cut, and fail after the hold timeout. A {@link PositionReporter}
 * thread reads the channel and publishes the gate's report, also while the source is idle or
 * waiting. See the package comment for the lifecycle this relies on.
 *
 * @param <T> the produced type
 */
final class GatedDeserializationSchema<T> implements KafkaRecordDeserializationSchema<T> {
    private static final long serialVersionUID = 1L;
    private static final long WAIT_STEP_MS = 5;

    private final KafkaRecordDeserializationSchema<T> inner;
    private final GatedSourceOptions options;
    private transient PositionGate gate;
    private transient GateChannel channel;

    GatedDeserializationSchema(
            KafkaRecordDeserializationSchema<T> inner, GatedSourceOptions options) {
        this.inner = Objects.requireNonNull(inner, "schema");
        this.options = Objects.requireNonNull(options, "options");
    }

    @Override
    public void open(DeserializationSchema.InitializationContext context) throws Exception {
        inner.open(context);
        int subtask = SubtaskIndex.of(context.getMetricGroup());
        gate = new PositionGate(options.color(), subtask, options.parallelism());
        channel =
                GateChannels.open(
                        options.channelType(),
                        options.channel(),
                        options.channelOptions(),
                        context.getUserCodeClassLoader().asClassLoader());
        // a fresh read before the first record (see GateChannel.readFresh)
        channel.readFresh().ifPresent(gate::apply);
        PositionReporter.start(
                gate,
                channel,
                options.reportIntervalMs(),
                Thread.currentThread(),
                context.getMetricGroup());
    }

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<T> out)
            throws IOException {
        Verdict verdict;
        synchronized (gate) {
            verdict = gate.offer(record.topic(), record.partition(), record.offset());
        }
        if (verdict == Verdict.HOLD) {
            verdict = awaitCut(record);
        }
        if (verdict == Verdict.PASS) {
            inner.deserialize(record, out);
        }
    }

    /** Waits on the task thread until a newer command decides the record. */
    private Verdict awaitCut(ConsumerRecord<byte[], byte[]> record) throws IOException {
        long waited = 0;
        while (waited < options.holdTimeoutMs()) {
            try {
                Thread.sleep(WAIT_STEP_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted at the proposed cut", e);
            }
            waited += WAIT_STEP_MS;
            synchronized (gate) {
                channel.currentCommand().ifPresent(gate::apply);
                Verdict verdict = gate.offer(record.topic(), record.partition(), record.offset());
                if (verdict != Verdict.HOLD) {
                    return verdict;
                }
            }
        }
        throw new IOException(
                "bluegreen: "
                        + record.topic()
                        + "/"
                        + record.partition()
                        + "@"
                        + record.offset()
                        + " waited "
                        + options.holdTimeoutMs()
                        + " ms at a proposed cut that was neither committed nor aborted;"
                        + " the source restarts from its last checkpoint");
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return inner.getProducedType();
    }
}
