package dev.bluegreen.example.bench;

import dev.bluegreen.example.Event;
import dev.bluegreen.example.EventGenerator;
import dev.bluegreen.example.LineFileSink;
import dev.bluegreen.example.PerKeyCounter;
import dev.bluegreen.gate.flink.BlueGreenGate;
import dev.bluegreen.gate.flink.GateOptions;
import dev.bluegreen.gate.rule.Color;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Job throughput with and without the gate, in alternating rounds on one MiniCluster (a program
 * with a {@code main}, not JMH: the example job's module has no JMH).
 *
 * <p>Pipelines ({@code --pipeline}):
 *
 * <ul>
 *   <li>{@code example}: the example job's shape: a {@link DataGeneratorSource} of {@link
 *       EventGenerator} records (parallelism 1, not rate-limited, bounded out-of-orderness
 *       watermarks), {@code keyBy(key)} into {@link PerKeyCounter} (two ValueStates per key, one
 *       output line per record) at parallelism 2, then the gate or nothing, then a sink: {@code
 *       --sink file} is the example job's {@link LineFileSink} (one flushed line per record into a
 *       local file), {@code --sink stream} encodes each line as UTF-8 into a buffered stream that
 *       discards its bytes;
 *   <li>{@code light}: the light pipeline of GateJobThroughputBenchmark: a sequence of longs with
 *       timestamps, a map, then the gate or nothing, a discarding sink, all at parallelism 1.
 * </ul>
 *
 * <p>The gate is blue before any cutover (it passes everything), the steady state of a gated job.
 * Each round runs both variants, in alternating order; the first {@code --warmup} rounds are not
 * counted. Per job it prints the wall time of the whole job (submission to end) and the flow time
 * (first record at the sink to the end of input at the sink, start-up excluded).
 *
 * <p>Run: {@code mvn -B -ntp -o -q -pl bluegreen-example-job test-compile exec:exec
 * -Dexec.executable=java -Dexec.classpathScope=test -Dexec.args="-cp %classpath
 * dev.bluegreen.example.bench.ExampleJobThroughputBenchmark --pipeline example --sink file"}.
 */
public final class ExampleJobThroughputBenchmark {
    static final AtomicLong FIRST_WRITE = new AtomicLong();
    static final AtomicLong LAST_END = new AtomicLong();

    private ExampleJobThroughputBenchmark() {}

    /** Runs the rounds and prints one line per job and a summary. */
    public static void main(String[] args) throws Exception {
        String pipeline = arg(args, "--pipeline", "example");
        String sink = arg(args, "--sink", "file");
        long records = Long.parseLong(arg(args, "--records", "1000000"));
        int warmup = Integer.parseInt(arg(args, "--warmup", "2"));
        int rounds = Integer.parseInt(arg(args, "--rounds", "7"));
        Path out = Files.createTempDirectory("throughput");
        int parallelism = pipeline.equals("light") ? 1 : 2;
        MiniCluster cluster =
                new MiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(anyFreePorts())
                                .setNumTaskManagers(1)
                                .setNumSlotsPerTaskManager(parallelism)
                                .build());
        cluster.start();
        List<long[]> gate = new ArrayList<>();
        List<long[]> none = new ArrayList<>();
        try {
            for (int round = 0; round < warmup + rounds; round++) {
                boolean gateFirst = round % 2 == 0;
                for (boolean withGate : new boolean[] {gateFirst, !gateFirst}) {
                    long[] times = runJob(cluster, pipeline, sink, records, withGate, out);
                    System.out.printf(
                            Locale.ROOT,
                            "round %d %s %s: wall %d ms, flow %d ms%n",
                            round,
                            round < warmup ? "warm-up" : "measured",
                            withGate ? "gate" : "none",
                            times[0],
                            times[1]);
                    if (round >= warmup) {
                        (withGate ? gate : none).add(times);
                    }
                }
                deleteFiles(out);
            }
        } finally {
            cluster.close();
        }
        summarize(pipeline + "/" + sink, records, gate, none);
        System.exit(0); // the cluster's non-daemon threads
    }

    private static Configuration anyFreePorts() {
        Configuration conf = new Configuration();
        conf.setString("rest.bind-port", "0"); // other builds on this machine may hold 8081
        return conf;
    }

    private static long[] runJob(
            MiniCluster cluster,
            String pipeline,
            String sink,
            long records,
            boolean withGate,
            Path out)
            throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        if (pipeline.equals("light")) {
            env.setParallelism(1);
            DataStream<Long> numbers =
                    env.fromSource(
                                    new NumberSequenceSource(0, records - 1),
                                    WatermarkStrategy.<Long>forMonotonousTimestamps()
                                            .withTimestampAssigner((n, previous) -> n),
                                    "numbers")
                            .map(n -> n + 1)
                            .returns(Types.LONG);
            gated(numbers, withGate).sinkTo(new TimedSink<>(new DiscardingSink<>()));
        } else {
            env.setParallelism(2);
            var source =
                    new DataGeneratorSource<>(
                            new EventGenerator(16, 1000, 200),
                            records,
                            RateLimiterStrategy.noOp(),
                            TypeInformation.of(Event.class));
            DataStream<String> lines =
                    env.fromSource(
                                    source,
                                    WatermarkStrategy.<Event>forBoundedOutOfOrderness(
                                                    Duration.ofMillis(200))
                                            .withTimestampAssigner((e, previous) -> e.eventTime),
                                    "events")
                            .setParallelism(1)
                            .keyBy(event -> event.key)
                            .process(new PerKeyCounter("v1"));
            Sink<String> target =
                    sink.equals("file")
                            ? new LineFileSink(out.toString(), "v1")
                            : new DiscardingStreamSink();
            gated(lines, withGate).sinkTo(new TimedSink<>(target));
        }
        FIRST_WRITE.set(Long.MAX_VALUE);
        LAST_END.set(Long.MIN_VALUE);
        long start = System.nanoTime();
        cluster.executeJobBlocking(env.getStreamGraph().getJobGraph());
        long wall = (System.nanoTime() - start) / 1_000_000;
        long flow = (LAST_END.get() - FIRST_WRITE.get()) / 1_000_000;
        return new long[] {wall, flow};
    }

    private static <T> DataStream<T> gated(DataStream<T> stream, boolean withGate) {
        if (!withGate) {
            return stream;
        }
        return BlueGreenGate.apply(
                stream, GateOptions.<T>builder().color(Color.BLUE).channel("throughput").build());
    }

    private static void summarize(String name, long records, List<long[]> gate, List<long[]> none) {
        for (int which = 0; which < 2; which++) {
            String label = which == 0 ? "wall" : "flow";
            long g = median(gate, which);
            long n = median(none, which);
            System.out.printf(
                    Locale.ROOT,
                    "SUMMARY %s %s, %d records, %d rounds: gate median %d ms (min %d), none median"
                            + " %d ms (min %d); throughput gate/none %.1f%%; %+.1f ns per record"
                            + " (none: %.1f ns per record)%n",
                    name,
                    label,
                    records,
                    gate.size(),
                    g,
                    min(gate, which),
                    n,
                    min(none, which),
                    100.0 * n / g,
                    (g - n) * 1e6 / records,
                    n * 1e6 / records);
        }
    }

    private static long median(List<long[]> times, int which) {
        long[] values = times.stream().mapToLong(t -> t[which]).sorted().toArray();
        return values.length % 2 == 1
                ? values[values.length / 2]
                : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
    }

    private static long min(List<long[]> times, int which) {
        return times.stream().mapToLong(t -> t[which]).min().orElse(-1);
    }

    private static String arg(String[] args, String name, String fallback) {
        int at = Arrays.asList(args).indexOf(name);
        return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
    }

    private static void deleteFiles(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.delete(file);
            }
        }
    }

    /** Wraps a sink and notes the first write and the end of input (static: one JVM). */
    static final class TimedSink<T> implements Sink<T> {
        private static final long serialVersionUID = 1L;
        private final Sink<T> delegate;

        TimedSink(Sink<T> delegate) {
            this.delegate = delegate;
        }

        @Override
        @SuppressWarnings("deprecation") // the only abstract factory method in Flink 1.20
        public SinkWriter<T> createWriter(InitContext context) throws IOException {
            SinkWriter<T> writer = delegate.createWriter(context);
            return new SinkWriter<>() {
                private boolean started;

                @Override
                public void write(T element, Context c) throws IOException, InterruptedException {
                    if (!started) {
                        started = true;
                        FIRST_WRITE.accumulateAndGet(System.nanoTime(), Math::min);
                    }
                    writer.write(element, c);
                }

                @Override
                public void flush(boolean endOfInput) throws IOException, InterruptedException {
                    writer.flush(endOfInput);
                    if (endOfInput) {
                        LAST_END.accumulateAndGet(System.nanoTime(), Math::max);
                    }
                }

                @Override
                public void close() throws Exception {
                    writer.close();
                }
            };
        }
    }

    /** Writes nothing. */
    static final class DiscardingSink<T> implements Sink<T> {
        private static final long serialVersionUID = 1L;

        @Override
        @SuppressWarnings("deprecation")
        public SinkWriter<T> createWriter(InitContext context) {
            return new SinkWriter<>() {
                @Override
                public void write(T element, Context c) {}

                @Override
                public void flush(boolean endOfInput) {}

                @Override
                public void close() {}
            };
        }
    }

    /** Encodes each line as UTF-8 into a buffered stream that discards the bytes. */
    static final class DiscardingStreamSink implements Sink<String> {
        private static final long serialVersionUID = 1L;

        @Override
        @SuppressWarnings("deprecation")
        public SinkWriter<String> createWriter(InitContext context) {
            OutputStream stream = new BufferedOutputStream(OutputStream.nullOutputStream(), 8192);
            return new SinkWriter<>() {
                @Override
                public void write(String line, Context c) throws IOException {
                    stream.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                }

                @Override
                public void flush(boolean endOfInput) throws IOException {
                    stream.flush();
                }

                @Override
                public void close() throws IOException {
                    stream.close();
                }
            };
        }
    }
}
