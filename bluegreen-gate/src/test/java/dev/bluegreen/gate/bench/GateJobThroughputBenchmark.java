package dev.bluegreen.gate.bench;

import dev.bluegreen.gate.flink.BlueGreenGate;
import dev.bluegreen.gate.flink.GateOptions;
import dev.bluegreen.gate.rule.Color;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.util.TestStreamEnvironment;
import org.apache.flink.test.util.MiniClusterWithClientResource;

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
 * Job throughput with and without the gate on a MiniCluster: one chained pipeline (sequence source
 * with record timestamps, map, then nothing, an identity map or the gate, discarding sink),
 * parallelism 1, {@value #RECORDS} records per job. The gate is blue before any cutover (every
 * record passes), the steady state of both colours outside a transition.
 *
 * <p>Run: {@code mvn -B -ntp -o -Pbench -pl bluegreen-gate test-compile exec:exec
 * -Dbench=GateJobThroughputBenchmark -Dbench.jmh.args="-f 1 -wi 2 -i 6"}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class GateJobThroughputBenchmark {
    static final long RECORDS = 10_000_000L;

    /**
     * {@code none}: no operator; {@code identity}: an identity map in the gate's place; {@code
     * filter}: a filter that passes everything (a third operator class in the chain, like the
     * gate); {@code gate}: the gate.
     */
    @Param({"none", "identity", "filter", "gate"})
    public String variant;

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

    /** One job over {@value #RECORDS} records; the score is its wall time. */
    @Benchmark
    public void job() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<Long> numbers =
                env.fromSource(
                                new NumberSequenceSource(0, RECORDS - 1),
                                WatermarkStrategy.<Long>forMonotonousTimestamps()
                                        .withTimestampAssigner((n, previous) -> n),
                                "numbers")
                        .map(n -> n + 1)
                        .returns(Types.LONG);
        out(numbers).sinkTo(new DiscardingSink<>());
        env.execute("throughput " + variant);
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
