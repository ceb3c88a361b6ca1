package dev.bluegreen.gate.kafka;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.internal.PositionGate;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.PositionCut;

import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Cost per record of the source-side decision of the cut by source position.
 *
 * <ul>
 *   <li>Rule: {@link PositionGate#offer} on batches of {@value #BATCH} records spread over 4
 *       partitions, blue with a committed cut in the middle of every partition (half pass, half
 *       drop), against a pass-through of the same shape.
 *   <li>Wrapper: the gated deserializer ({@link BlueGreenKafkaSource#gated}: the gate under its
 *       lock, then the user's deserializer for passed records) against the user's deserializer
 *       alone, which here only hands a constant to the collector.
 * </ul>
 *
 * <p>Run: {@code mvn -o -Pbench -pl bluegreen-gate-kafka test-compile exec:exec
 * -Dbench=PositionGateBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PositionGateBenchmark {
    static final int BATCH = 1024;
    static final int PARTITIONS = 4;
    static final String TOPIC = "orders";

    @SuppressWarnings("unchecked")
    private final ConsumerRecord<byte[], byte[]>[] records = new ConsumerRecord[BATCH];

    private PositionGate gate;
    private KafkaRecordDeserializationSchema<String> gated;
    private KafkaRecordDeserializationSchema<String> plain;
    private Sink sink;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        for (int i = 0; i < BATCH; i++) {
            records[i] =
                    new ConsumerRecord<>(
                            TOPIC, i % PARTITIONS, i / PARTITIONS, new byte[0], new byte[0]);
        }
        GateCommand cut = GateCommand.proposePositions(1, PositionCut.first(cutInTheMiddle()));
        gate = new PositionGate(Color.BLUE, 0, 1);
        gate.apply(cut.commit());
        String channel = "bench-" + System.nanoTime();
        InMemoryGateChannel.named(channel).send(cut.commit());
        plain = new Constant();
        gated = BlueGreenKafkaSource.gated(plain, options(channel));
        gated.open(new GatedDeserializationSchemaTest.Context());
        sink = new Sink();
    }

    private static Map<String, Long> cutInTheMiddle() {
        long middle = BATCH / PARTITIONS / 2;
        return Map.of(
                TOPIC + "/0",
                middle,
                TOPIC + "/1",
                middle,
                TOPIC + "/2",
                middle,
                TOPIC + "/3",
                middle);
    }

    private static GatedSourceOptions options(String channel) {
        return GatedSourceOptions.builder()
                .color(Color.BLUE)
                .channel(InMemoryGateChannel.TYPE, channel)
                .parallelism(1)
                .reportInterval(Duration.ofSeconds(1))
                .build();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void ruleOffer(Blackhole bh) {
        for (ConsumerRecord<byte[], byte[]> r : records) {
            bh.consume(gate.offer(r.topic(), r.partition(), r.offset()));
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void rulePassThrough(Blackhole bh) {
        for (ConsumerRecord<byte[], byte[]> r : records) {
            bh.consume(passThrough(r.topic(), r.partition(), r.offset()));
        }
    }

    private static boolean passThrough(String topic, int partition, long offset) {
        return topic != null && partition >= 0 && offset >= 0;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void wrapperGated(Blackhole bh) throws Exception {
        for (ConsumerRecord<byte[], byte[]> r : records) {
            gated.deserialize(r, sink);
        }
        bh.consume(sink.count);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void wrapperUnwrapped(Blackhole bh) throws Exception {
        for (ConsumerRecord<byte[], byte[]> r : records) {
            plain.deserialize(r, sink);
        }
        bh.consume(sink.count);
    }

    /** The user's deserializer reduced to a constant. */
    static final class Constant implements KafkaRecordDeserializationSchema<String> {
        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<String> out) {
            out.collect("x");
        }

        @Override
        public org.apache.flink.api.common.typeinfo.TypeInformation<String> getProducedType() {
            return org.apache.flink.api.common.typeinfo.Types.STRING;
        }
    }

    /** Counts what it is given. */
    static final class Sink implements Collector<String> {
        long count;

        @Override
        public void collect(String record) {
            count++;
        }

        @Override
        public void close() {}
    }
}
