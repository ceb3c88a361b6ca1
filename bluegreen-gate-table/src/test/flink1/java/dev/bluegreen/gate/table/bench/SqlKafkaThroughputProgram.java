package dev.bluegreen.gate.table.bench;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.kafka.broker.KafkaBroker;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import static dev.bluegreen.gate.table.bench.SqlSinkThroughputProgram.arg;

/**
 * Throughput of a real SQL job through the {@code bluegreen} sink connector against the plain Kafka
 * connector: Kafka to Kafka on the project's KRaft broker ({@link KafkaBroker}, a child JVM),
 * exactly-once, on one MiniCluster in this JVM that runs for the whole program.
 *
 * <p>Before the rounds the program fills one input topic (one partition) with {@code --rows} csv
 * records {@code id,key,eventTimeMs} ({@link KafkaBenchTopics#fill}). Every job reads all of it
 * ({@code 'scan.startup.mode' = 'earliest-offset'}, {@code 'scan.bounded.mode' = 'latest-offset'}:
 * the job ends at the end of the topic, with Flink's final checkpoint), with a watermark 1 s behind
 * the event time, and writes through a Kafka sink table ({@code csv}, {@code
 * 'sink.delivery-guarantee' = 'exactly-once'}, checkpoints every {@code --checkpoint-ms}) to a
 * fresh output topic, deleted after the job. Parallelism 1; {@code --object-reuse true} sets
 * Flink's {@code pipeline.object-reuse} (default false, Flink's default: each row is copied between
 * chained operators). {@code --query} picks the SQL:
 *
 * <ul>
 *   <li>{@code projection}: {@code SELECT id, UPPER(k), id * 2, ts ... WHERE MOD(id, 7) <> 3}, 6 of
 *       7 input rows reach the sink (the gate sees every one of them);
 *   <li>{@code window}: the demo's shape, a one-second {@code TUMBLE} window counting per key (100
 *       keys, 1,000 rows per second of event time: one output row per 10 input rows).
 * </ul>
 *
 * <p>Variants ({@link Variant}): {@code plain} ({@code 'connector' = 'kafka'}) and {@code
 * bluegreen} ({@code 'connector' = 'bluegreen', 'bluegreen.sink' = 'kafka'}, the gate blue before
 * any cutover: every row passes, the steady state of both colours); every other option is the same.
 * Each round runs both, the order alternating by round; the first {@code --warmup} rounds are not
 * counted.
 *
 * <p>Per job it measures, from the job's submission (after planning) to its end: the CPU time of
 * this JVM (every thread: the task's, the Kafka clients', checkpointing, JIT and GC; this JVM runs
 * nothing but the MiniCluster and the job meanwhile), the CPU time of the broker's JVM, and the
 * wall-clock time. It prints input rows per CPU second of the job and per wall-clock second, and
 * the paired per-round ratio {@code bluegreen / plain} of each, with 95 % intervals ({@link
 * MeanCi}), and the load average at the start of every job.
 *
 * <p>Flink 1.20 only (the test folder of that line, the profile {@code kafka-bench} of this
 * module's pom): the Kafka connector and the broker are test dependencies of the default build, not
 * of {@code -Pflink2}.
 *
 * <p>Run (docs/performance.md, SQL connector throughput): {@code java <flink.jvm.flags> -cp <test
 * classpath> dev.bluegreen.gate.table.bench.SqlKafkaThroughputProgram --rows 1000000 --warmup 1
 * --rounds 8 --query projection}.
 */
public final class SqlKafkaThroughputProgram {
    static final String CHANNEL = "sql-kafka-throughput";
    static final String INPUT = "bench-input";
    private static final Set<Variant> PRINTED_GRAPH = EnumSet.noneOf(Variant.class);

    /** What the sink table writes through. */
    enum Variant {
        /** {@code 'connector' = 'kafka'}. */
        PLAIN,
        /** {@code 'connector' = 'bluegreen', 'bluegreen.sink' = 'kafka'}, the gate blue. */
        BLUEGREEN;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One job's figures. */
    record Sample(double jobCpuNs, double brokerCpuNs, double wallNs, long outputEndOffset) {}

    /** The program's settings. */
    record Settings(
            long rows,
            int warmup,
            int rounds,
            String query,
            long checkpointMs,
            boolean objectReuse) {
        static Settings of(String[] args) {
            String query = arg(args, "--query", "projection");
            if (!query.equals("projection") && !query.equals("window")) {
                throw new IllegalArgumentException(
                        "--query: expected projection or window, got " + query);
            }
            return new Settings(
                    Long.parseLong(arg(args, "--rows", "1000000")),
                    Integer.parseInt(arg(args, "--warmup", "1")),
                    Integer.parseInt(arg(args, "--rounds", "8")),
                    query,
                    Long.parseLong(arg(args, "--checkpoint-ms", "2000")),
                    Boolean.parseBoolean(arg(args, "--object-reuse", "false")));
        }
    }

    private SqlKafkaThroughputProgram() {}

    /** Starts the broker, fills the input topic, runs the rounds and prints the summary. */
    public static void main(String[] args) throws Exception {
        Settings settings = Settings.of(args);
        Path work = Files.createDirectories(Path.of("target", "kafka-bench"));
        List<Map<Variant, Sample>> measured = new ArrayList<>();
        try (KafkaBroker broker = KafkaBroker.start(work);
                KafkaBenchTopics topics = new KafkaBenchTopics(broker.bootstrapServers());
                MiniCluster cluster = SqlSinkThroughputProgram.startCluster()) {
            topics.create(INPUT);
            long fillStart = System.nanoTime();
            topics.fill(INPUT, settings.rows());
            System.out.printf(
                    Locale.ROOT,
                    "filled %s with %,d records in %.1f s; broker %s%n",
                    INPUT,
                    settings.rows(),
                    (System.nanoTime() - fillStart) / 1e9,
                    broker);
            var jobs = new Jobs(settings, cluster, topics, broker.bootstrapServers());
            for (int round = 0; round < settings.warmup() + settings.rounds(); round++) {
                Map<Variant, Sample> samples = jobs.round(round, round < settings.warmup());
                if (round >= settings.warmup()) {
                    measured.add(samples);
                }
            }
        } finally {
            InMemoryGateChannel.remove(CHANNEL);
        }
        System.out.println(summary(settings, measured));
        System.exit(0); // the cluster's non-daemon threads
    }

    /** Plans and runs the jobs of the rounds. */
    private record Jobs(
            Settings settings,
            MiniCluster cluster,
            KafkaBenchTopics topics,
            String bootstrapServers) {

        /** Both variants once, {@code plain} first in even rounds. */
        Map<Variant, Sample> round(int round, boolean warmup) throws Exception {
            Map<Variant, Sample> samples = new EnumMap<>(Variant.class);
            Variant[] all = Variant.values();
            for (int i = 0; i < all.length; i++) {
                Variant variant = all[(round + i) % all.length];
                String load = loadAverage();
                Sample sample = run(variant, variant.label() + "-" + round);
                samples.put(variant, sample);
                print(round, warmup, variant, sample, load);
            }
            return samples;
        }

        private void print(int round, boolean warmup, Variant variant, Sample s, String load) {
            double rows = settings.rows();
            System.out.printf(
                    Locale.ROOT,
                    "round %2d %-8s %-9s job cpu %7.0f ms (%6.0f ns/row, %,9.0f rows/cpu-s)"
                            + "  broker cpu %6.0f ms  wall %7.0f ms (%,9.0f rows/s)"
                            + "  output end offset %,d  load %s%n",
                    round,
                    warmup ? "warm-up" : "measured",
                    variant.label(),
                    s.jobCpuNs() / 1e6,
                    s.jobCpuNs() / rows,
                    rows / (s.jobCpuNs() / 1e9),
                    s.brokerCpuNs() / 1e6,
                    s.wallNs() / 1e6,
                    rows / (s.wallNs() / 1e9),
                    s.outputEndOffset(),
                    load);
        }

        /** Plans one job writing to a fresh output topic, runs it to its end and measures it. */
        Sample run(Variant variant, String tag) throws Exception {
            String output = "bench-out-" + tag;
            topics.create(output);
            JobGraph job = plan(variant, tag, output);
            long cpu = processCpuNanos();
            long brokerCpu = brokerCpuNanos();
            long start = System.nanoTime();
            cluster.executeJobBlocking(job);
            long wall = System.nanoTime() - start;
            Sample sample =
                    new Sample(
                            processCpuNanos() - cpu,
                            brokerCpuNanos() - brokerCpu,
                            wall,
                            topics.committedEndOffset(output));
            topics.delete(output);
            return sample;
        }

        private JobGraph plan(Variant variant, String tag, String output) {
            var env = StreamExecutionEnvironment.getExecutionEnvironment(configuration(variant));
            StreamTableEnvironment tables = StreamTableEnvironment.create(env);
            BenchSql sql = new BenchSql(bootstrapServers, settings.query());
            tables.executeSql(sql.sourceDdl(INPUT, "bench-" + tag));
            tables.executeSql(sql.sinkDdl(connector(variant), output, "bench-" + tag));
            var inserts = tables.createStatementSet();
            inserts.addInsertSql(sql.insert());
            inserts.attachAsDataStream();
            JobGraph job = env.getStreamGraph().getJobGraph();
            if (PRINTED_GRAPH.add(variant)) {
                System.out.println(
                        variant.label() + " job graph: " + SqlSinkThroughputProgram.tasks(job));
            }
            return job;
        }

        private Configuration configuration(Variant variant) {
            Configuration config = new Configuration();
            config.setString("parallelism.default", "1");
            config.setString("execution.checkpointing.interval", settings.checkpointMs() + " ms");
            config.setString("pipeline.object-reuse", Boolean.toString(settings.objectReuse()));
            if (variant == Variant.BLUEGREEN) {
                config.setString("bluegreen.gate.color", "BLUE");
                config.setString("bluegreen.gate.channel", CHANNEL);
            }
            return config;
        }
    }

    static String connector(Variant variant) {
        return variant == Variant.PLAIN
                ? "'connector' = 'kafka'"
                : "'connector' = 'bluegreen', 'bluegreen.sink' = 'kafka'";
    }

    /** CPU time of this JVM, every thread, ns. */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** CPU time of this JVM's child processes (the broker's JVM), ns. */
    static long brokerCpuNanos() {
        return ProcessHandle.current()
                .descendants()
                .mapToLong(p -> p.info().totalCpuDuration().orElse(Duration.ZERO).toNanos())
                .sum();
    }

    /** The first three fields of /proc/loadavg, or "n/a". */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (java.io.IOException e) {
            return "n/a";
        }
    }

    /** Each variant's means and the paired ratios, 95 % intervals. */
    static String summary(Settings settings, List<Map<Variant, Sample>> measured) {
        double rows = settings.rows();
        StringBuilder text = new StringBuilder();
        text.append(
                String.format(
                        Locale.ROOT,
                        "SUMMARY query %s, %,d input rows per job, %d rounds, checkpoints every %d"
                                + " ms, object reuse %s (mean ± 95 %% CI)",
                        settings.query(),
                        settings.rows(),
                        measured.size(),
                        settings.checkpointMs(),
                        settings.objectReuse()));
        for (Variant variant : Variant.values()) {
            text.append(System.lineSeparator())
                    .append(
                            String.format(
                                    Locale.ROOT,
                                    "SUMMARY %-9s job CPU %s ns/row = %s rows per CPU s;"
                                            + " broker CPU %s ns/row; wall %s rows/s",
                                    variant.label(),
                                    mean(measured, variant, s -> s.jobCpuNs() / rows).text(0),
                                    mean(measured, variant, s -> rows / s.jobCpuNs() * 1e9).text(0),
                                    mean(measured, variant, s -> s.brokerCpuNs() / rows).text(0),
                                    mean(measured, variant, s -> rows / s.wallNs() * 1e9).text(0)));
        }
        text.append(System.lineSeparator()).append(comparison(measured, rows));
        return text.toString();
    }

    private static String comparison(List<Map<Variant, Sample>> measured, double rows) {
        List<Double> cpuRatio = new ArrayList<>();
        List<Double> wallRatio = new ArrayList<>();
        List<Double> extraNs = new ArrayList<>();
        List<Double> withBroker = new ArrayList<>();
        for (Map<Variant, Sample> round : measured) {
            Sample plain = round.get(Variant.PLAIN);
            Sample gated = round.get(Variant.BLUEGREEN);
            cpuRatio.add(100 * plain.jobCpuNs() / gated.jobCpuNs());
            wallRatio.add(100 * plain.wallNs() / gated.wallNs());
            extraNs.add((gated.jobCpuNs() - plain.jobCpuNs()) / rows);
            withBroker.add(
                    100
                            * (plain.jobCpuNs() + plain.brokerCpuNs())
                            / (gated.jobCpuNs() + gated.brokerCpuNs()));
        }
        return String.format(
                Locale.ROOT,
                "SUMMARY bluegreen/plain (paired per round): throughput per job CPU s %s %%;"
                        + " per wall-clock s %s %%; per CPU s of job and broker %s %%;"
                        + " bluegreen - plain job CPU %s ns/row",
                MeanCi.of(cpuRatio).text(2),
                MeanCi.of(wallRatio).text(2),
                MeanCi.of(withBroker).text(2),
                MeanCi.of(extraNs).text(1));
    }

    private static MeanCi mean(
            List<Map<Variant, Sample>> measured, Variant variant, ToDoubleFunction<Sample> value) {
        List<Double> values = new ArrayList<>();
        measured.forEach(round -> values.add(value.applyAsDouble(round.get(variant))));
        return MeanCi.of(values);
    }
}
