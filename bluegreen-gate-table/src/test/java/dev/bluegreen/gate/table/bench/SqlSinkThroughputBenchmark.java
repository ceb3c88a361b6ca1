package dev.bluegreen.gate.table.bench;

import dev.bluegreen.gate.channel.InMemoryGateChannel;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.concurrent.TimeUnit;

/**
 * Throughput of a SQL job through the {@code bluegreen} connector against the same job on the plain
 * connector: a bounded datagen sequence (rowtime from the id, a watermark), a projection and a
 * filter, into {@code blackhole} directly ({@code plain}) or through {@code 'connector' =
 * 'bluegreen', 'bluegreen.sink' = 'blackhole'} with the gate blue before any cutover ({@code
 * bluegreen}: every row passes, the steady state of both colours outside a transition). Parallelism
 * 1, local MiniCluster per run (its start-up is in every sample, the same for both).
 *
 * <p>Run: {@code mvn -B -ntp -Pbench -pl bluegreen-gate-table -am test-compile exec:exec
 * -Dbench=SqlSinkThroughputBenchmark -Dbench.jmh.args="-f 1 -wi 2 -i 6"}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SqlSinkThroughputBenchmark {
    static final long ROWS = 10_000_000L;
    static final String CHANNEL = "sql-bench";

    /** {@code plain}: the blackhole connector; {@code bluegreen}: blackhole behind the gate. */
    @Param({"plain", "bluegreen"})
    public String variant;

    @Benchmark
    public void insert() throws Exception {
        Configuration config = new Configuration();
        config.setString("parallelism.default", "1");
        config.setString("bluegreen.gate.color", "BLUE");
        config.setString("bluegreen.gate.channel", CHANNEL);
        var env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.executeSql(
                "CREATE TABLE src (id BIGINT, ts AS TO_TIMESTAMP_LTZ(id, 3),"
                        + " WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen',"
                        + " 'fields.id.kind' = 'sequence', 'fields.id.start' = '0',"
                        + " 'fields.id.end' = '"
                        + (ROWS - 1)
                        + "', 'rows-per-second' = '1000000000')");
        String connector =
                variant.equals("plain")
                        ? "'connector' = 'blackhole'"
                        : "'connector' = 'bluegreen', 'bluegreen.sink' = 'blackhole'";
        tables.executeSql(
                "CREATE TABLE out_t (id BIGINT, doubled BIGINT, ts TIMESTAMP_LTZ(3)) WITH ("
                        + connector
                        + ")");
        tables.executeSql("INSERT INTO out_t SELECT id, id * 2, ts FROM src WHERE MOD(id, 7) <> 3")
                .await();
    }

    @TearDown
    public void removeChannel() {
        InMemoryGateChannel.remove(CHANNEL);
    }
}
