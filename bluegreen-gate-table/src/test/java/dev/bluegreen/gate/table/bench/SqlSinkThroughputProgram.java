package dev.bluegreen.gate.table.bench;

import dev.bluegreen.gate.channel.InMemoryGateChannel;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Per-row cost of the {@code bluegreen} sink connector: the same SQL job into {@code
 * timed-blackhole} directly and through {@code 'connector' = 'bluegreen', 'bluegreen.sink' =
 * 'timed-blackhole'}, alternating, on one MiniCluster that runs for the whole program (a program
 * with a {@code main}, not JMH: JMH's single-shot mode would time the planning and the job's start
 * too). The job: a bounded datagen sequence of {@code --rows} ids (rowtime from the id, a
 * watermark), a projection and a filter (6 of 7 rows pass), parallelism 1, one chained task (each
 * variant's job graph is printed once).
 *
 * <p>Variants ({@link Variant}): {@code plain}; {@code bluegreen}, the gate blue before any cutover
 * (every row passes: the steady state of both colours); {@code uncoloured}, the connector without a
 * colour in the job's configuration (the gate operator forwards rows without deciding: the
 * wrapper's operators without the gate's rule).
 *
 * <p>{@code --object-reuse true} sets Flink's {@code pipeline.object-reuse} in every job (default
 * false, Flink's default: each record is copied between chained operators).
 *
 * <p>Per job it measures the <em>flow</em>, from the sink's first row to its end of input ({@link
 * TimedBlackholeFactory}), so neither planning nor the job's start is in it: as the CPU time of the
 * task's thread (which runs the whole chain), compared below, and as wall-clock time, printed with
 * the wall time of the whole job (submit to result). On a machine shared with other work the CPU
 * time is the stable figure: wall-clock time also counts the time other processes held the core.
 * Each round runs every variant once, the order rotating by round; the first {@code --warmup}
 * rounds are not counted. The summary gives each variant's mean flow CPU time with its 95 %
 * confidence interval, and per connector variant the paired per-round throughput ratio {@code plain
 * / variant} and the extra CPU ns per row, each with its 95 % interval.
 *
 * <p>Run (docs/performance.md, SQL connector throughput): {@code java <flink.jvm.flags> -cp <test
 * classpath> dev.bluegreen.gate.table.bench.SqlSinkThroughputProgram --rows 10000000 --warmup 3
 * --rounds 15}.
 */
public final class SqlSinkThroughputProgram {
    static final String CHANNEL = "sql-throughput";
    private static final Set<Variant> PRINTED_GRAPH = EnumSet.noneOf(Variant.class);

    /** {@code pipeline.object-reuse} of every job ({@code --object-reuse}, default false). */
    private static boolean objectReuse;

    /** What the job writes through. */
    enum Variant {
        /** {@code timed-blackhole} directly. */
        PLAIN,
        /** {@code bluegreen} with the gate blue, no cutover. */
        BLUEGREEN,
        /** {@code bluegreen} without a colour: the gate forwards without deciding. */
        UNCOLOURED;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private SqlSinkThroughputProgram() {}

    /** Runs the rounds, printing one line per job and the summary. */
    public static void main(String[] args) throws Exception {
        long rows = Long.parseLong(arg(args, "--rows", "10000000"));
        int warmup = Integer.parseInt(arg(args, "--warmup", "3"));
        int rounds = Integer.parseInt(arg(args, "--rounds", "15"));
        objectReuse = Boolean.parseBoolean(arg(args, "--object-reuse", "false"));
        List<Map<Variant, Double>> measured = new ArrayList<>();
        try (MiniCluster cluster = startCluster()) {
            for (int round = 0; round < warmup + rounds; round++) {
                Map<Variant, Double> flows = round(cluster, rows, round, round < warmup);
                if (round >= warmup) {
                    measured.add(flows);
                }
            }
        } finally {
            InMemoryGateChannel.remove(CHANNEL);
        }
        System.out.println(summary(rows, measured));
        System.exit(0); // the cluster's non-daemon threads
    }

    /** Every variant once, starting with variant {@code round mod 3}; their CPU ns per row. */
    static Map<Variant, Double> round(MiniCluster cluster, long rows, int round, boolean warmup)
            throws Exception {
        Map<Variant, Double> flows = new EnumMap<>(Variant.class);
        Variant[] all = Variant.values();
        for (int i = 0; i < all.length; i++) {
            Variant variant = all[(round + i) % all.length];
            double[] times = runJob(cluster, rows, variant);
            flows.put(variant, times[2]);
            System.out.printf(
                    Locale.ROOT,
                    "round %2d %-8s %-10s cpu %7.2f ns per row  flow %8.1f ms  wall %6.0f ms%n",
                    round,
                    warmup ? "warm-up" : "measured",
                    variant.label(),
                    times[2],
                    times[1] / 1e6,
                    times[0] / 1e6);
        }
        return flows;
    }

    /** A MiniCluster of one TaskManager with one slot, REST on a free port; started. */
    static MiniCluster startCluster() throws Exception {
        Configuration conf = new Configuration();
        conf.setString("rest.bind-port", "0"); // other builds on this machine may hold 8081
        MiniCluster cluster =
                new MiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(conf)
                                .setNumTaskManagers(1)
                                .setNumSlotsPerTaskManager(1)
                                .build());
        cluster.start();
        return cluster;
    }

    /** Plans and runs one job; its wall time and flow time, ns, and its CPU ns per row. */
    static double[] runJob(MiniCluster cluster, long rows, Variant variant) throws Exception {
        var env = StreamExecutionEnvironment.getExecutionEnvironment(configuration(variant));
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        for (String statement : statements(rows, variant)) {
            tables.executeSql(statement);
        }
        var inserts = tables.createStatementSet();
        inserts.addInsertSql(
                "INSERT INTO out_t SELECT id, id * 2, ts FROM src WHERE MOD(id, 7) <> 3");
        inserts.attachAsDataStream();
        JobGraph job = env.getStreamGraph().getJobGraph();
        if (PRINTED_GRAPH.add(variant)) {
            System.out.println(variant.label() + " job graph: " + tasks(job));
        }
        TimedBlackholeFactory.reset();
        long start = System.nanoTime();
        cluster.executeJobBlocking(job);
        return new double[] {
            System.nanoTime() - start,
            TimedBlackholeFactory.flowNanos(),
            TimedBlackholeFactory.flowCpuNanosPerRow()
        };
    }

    private static Configuration configuration(Variant variant) {
        Configuration config = new Configuration();
        config.setString("parallelism.default", "1");
        config.setString("pipeline.object-reuse", Boolean.toString(objectReuse));
        if (variant == Variant.BLUEGREEN) {
            config.setString("bluegreen.gate.color", "BLUE");
            config.setString("bluegreen.gate.channel", CHANNEL);
        }
        return config;
    }

    /** The job's tasks (chains of operators) with their parallelism. */
    static List<String> tasks(JobGraph job) {
        List<String> tasks = new ArrayList<>();
        for (JobVertex vertex : job.getVertices()) {
            tasks.add(vertex.getName() + " (parallelism " + vertex.getParallelism() + ")");
        }
        return tasks;
    }

    /** The source and the sink table of one job. */
    static List<String> statements(long rows, Variant variant) {
        String connector =
                variant == Variant.PLAIN
                        ? "'connector' = 'timed-blackhole'"
                        : "'connector' = 'bluegreen', 'bluegreen.sink' = 'timed-blackhole'";
        return List.of(
                "CREATE TABLE src (id BIGINT, ts AS TO_TIMESTAMP_LTZ(id, 3),"
                        + " WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen',"
                        + " 'fields.id.kind' = 'sequence', 'fields.id.start' = '0',"
                        + " 'fields.id.end' = '"
                        + (rows - 1)
                        + "', 'rows-per-second' = '1000000000')",
                "CREATE TABLE out_t (id BIGINT, doubled BIGINT, ts TIMESTAMP_LTZ(3)) WITH ("
                        + connector
                        + ")");
    }

    /** Each variant's mean CPU per row (95 % CI) and, per connector variant, the comparison. */
    static String summary(long rows, List<Map<Variant, Double>> measured) {
        StringBuilder text =
                new StringBuilder(
                        String.format(
                                Locale.ROOT,
                                "SUMMARY %,d rows, %d rounds, object reuse %s, CPU ns per row"
                                        + " (mean ± 95 %% CI):",
                                rows,
                                measured.size(),
                                objectReuse));
        for (Variant variant : Variant.values()) {
            MeanCi cpu = MeanCi.of(flows(measured, variant));
            text.append(String.format(Locale.ROOT, " %s %s;", variant.label(), cpu.text(2)));
        }
        for (Variant variant : List.of(Variant.BLUEGREEN, Variant.UNCOLOURED)) {
            text.append(System.lineSeparator()).append(comparison(measured, variant));
        }
        return text.toString();
    }

    /** The paired per-round throughput ratio and extra cost of {@code variant} against plain. */
    static String comparison(List<Map<Variant, Double>> measured, Variant variant) {
        List<Double> ratio = new ArrayList<>();
        List<Double> extraNs = new ArrayList<>();
        for (Map<Variant, Double> cpu : measured) {
            ratio.add(100 * cpu.get(Variant.PLAIN) / cpu.get(variant));
            extraNs.add(cpu.get(variant) - cpu.get(Variant.PLAIN));
        }
        return String.format(
                Locale.ROOT,
                "SUMMARY %s/plain throughput (paired per round) %s %%; %s - plain %s CPU ns per"
                        + " row",
                variant.label(),
                MeanCi.of(ratio).text(2),
                variant.label(),
                MeanCi.of(extraNs).text(2));
    }

    private static List<Double> flows(List<Map<Variant, Double>> measured, Variant variant) {
        List<Double> flows = new ArrayList<>();
        measured.forEach(round -> flows.add(round.get(variant)));
        return flows;
    }

    /** The value after {@code name} in {@code args}, or {@code fallback}. */
    static String arg(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
