package dev.bluegreen.gate.bench;

import dev.bluegreen.gate.flink.BlueGreenGate;
import dev.bluegreen.gate.flink.GateOptions;
import dev.bluegreen.gate.rule.Color;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.util.TestStreamEnvironment;
import org.apache.flink.test.util.MiniClusterWithClientResource;
import org.apache.flink.util.Collector;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Job throughput with and without the gate on a MiniCluster, parallelism 1: a sequence source with
 * record timestamps and a map, then (workload {@code keyed}) a per-key counter in keyed state, then
 * nothing, an identity map, a filter or the gate, chained to a discarding sink. The gate is blue
 * before any cutover (every record passes), the steady state of both colours outside a transition.
 *
 * <p>Run: {@code mvn -B -ntp -o -Pbench -pl bluegreen-gate test-compile exec:exec
 * -Dbench=GateJobThroughputBenchmark -Dbench.jmh.args="-f 1 -wi 2 -i 6"}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class GateJobThroughputBenchmark {
    static final long RECORDS = 10_000_000L;
    static final long KEYED_RECORDS = 2_000_000L;

    /**
     * {@code none}: no operator; {@code identity}: an identity map in the gate's place; {@code
     * filter}: a filter that passes everything (a third operator class in the chain, like the
     * gate); {@code gate}: the gate.
     */
    @Param({"none", "identity", "filter", "gate"})
    public String variant;

    /**
     * {@code stateless}: source and map chained with the variant, {@value #RECORDS} records; {@code
     * keyed}: a keyed per-key counter (ValueState, 64 keys, heap state) before the variant, as in
     * the example job, {@value #KEYED_RECORDS} records.
     */
    @Param({"stateless", "keyed"})
    public String workload;

    private MiniClusterWithClientResource cluster;

    @Setup(Level.Trial)
    public void startCluster() throws Exception {
        cluster =
                new MiniClusterWithClientResource(
                        new MiniClusterResourceConfiguration.Builder()
                                .setNumberTaskManagers(1)
                                .setNumberSlotsPerTaskManager(1)
                                .build());
        cluster.before();
        TestStreamEnvironment.setAsContext(cluster.getMiniCluster(), 1);
    }

    @TearDown(Level.Trial)
    public void stopCluster() {
        TestStreamEnvironment.unsetAsContext();
        cluster.after();
    }

    /** One job over the workload's records; the score is its wall time. */
    @Benchmark
    public void job() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        long records = workload.equals("keyed") ? KEYED_RECORDS : RECORDS;
        DataStream<Long> numbers =
                env.fromSource(
                                new NumberSequenceSource(0, records - 1),
                                WatermarkStrategy.<Long>forMonotonousTimestamps()
                                        .withTimestampAssigner((n, previous) -> n),
                                "numbers")
                        .map(n -> n + 1)
                        .returns(Types.LONG);
        if (workload.equals("keyed")) {
            numbers = numbers.keyBy(n -> n % 64).process(new PerKeyCount()).returns(Types.LONG);
        }
        out(numbers).sinkTo(new DiscardingSink<>());
        env.execute("throughput " + workload + " " + variant);
    }

    /** Counts per key in ValueState and emits the count (the example job's kind of work). */
    static final class PerKeyCount extends KeyedProcessFunction<Long, Long, Long> {
        private transient ValueState<Long> count;

        @Override
        public void open(OpenContext context) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public void processElement(Long n, Context context, Collector<Long> out) throws Exception {
            Long before = count.value();
            long next = before == null ? 1 : before + 1;
            count.update(next);
            out.collect(next);
        }
    }

    private DataStream<Long> out(DataStream<Long> numbers) {
        switch (variant) {
            case "gate":
                return BlueGreenGate.apply(
                        numbers,
                        GateOptions.<Long>builder()
                                .color(Color.BLUE)
                                .channel("throughput")
                                .reportInterval(Duration.ofMillis(200))
                                .build());
            case "identity":
                return numbers.map(n -> n).returns(Types.LONG);
            case "filter":
                return numbers.filter(n -> true);
            default:
                return numbers;
        }
    }
}
