package dev.bluegreen.example.bench;

import dev.bluegreen.example.CatchUpCheck;
import dev.bluegreen.example.Event;
import dev.bluegreen.example.EventGenerator;
import dev.bluegreen.example.LineFileSink;
import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.example.PerKeyCounter;
import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.flink.BlueGreenGate;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.HandoverStatus;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import static org.awaitility.Awaitility.await;

/**
 * Output lag of the example job's shape through a blue to green handover (a program with a {@code
 * main}, not a test). Blue and green run on two local MiniClusters in this JVM; green is restored
 * from a savepoint of blue taken while blue keeps running; this program plays the controller over
 * the in-memory channel with {@link HandoverStatus}, as HandoverIT does.
 *
 * <p>Record {@code i} is <em>due</em> at {@code anchor + i / rate}: the wall time at which it would
 * have been produced without a transition. With {@code --source backlog} (default) the source
 * produces it at its due time or, when behind, at once (a replayable log with a backlog, as Kafka
 * is); with {@code --source ratelimited} it is the example job's own source (a fixed rate from the
 * job's start, so a restored green never closes its start-up gap). The sink (one flushed line per
 * record to a local file, as the example job's) notes each record's emit time; its lag is emit time
 * minus due time. The program prints the lag distribution in four windows of due time: blue alone,
 * both jobs running before the proposal, the handover (proposal to blue drained) and green alone.
 *
 * <p>Run: {@code mvn -B -ntp -o -q -pl bluegreen-example-job test-compile exec:exec
 * -Dexec.executable=java -Dexec.classpathScope=test -Dexec.args="-cp %classpath
 * dev.bluegreen.example.bench.HandoverLagBenchmark --report-interval-ms 1000 --margin-ms 1000"}.
 */
public final class HandoverLagBenchmark {
    private static final int CAPACITY = 1 << 18;
    private static final long OUT_OF_ORDERNESS_MS = 200;
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String CHANNEL = "handover-lag";

    private final long rate;
    private final int keys;
    private final long reportIntervalMs;
    private final long marginMs;
    private final boolean backlog;
    private final Path tmp;
    private final long anchor = System.nanoTime();

    private HandoverLagBenchmark(String[] args) throws Exception {
        rate = Long.parseLong(arg(args, "--rate", "1000"));
        keys = Integer.parseInt(arg(args, "--keys", "16"));
        reportIntervalMs = Long.parseLong(arg(args, "--report-interval-ms", "1000"));
        marginMs = Long.parseLong(arg(args, "--margin-ms", "1000"));
        backlog = arg(args, "--source", "backlog").equals("backlog");
        tmp = Files.createTempDirectory("handover-lag");
    }

    /** Runs one handover and prints the lag windows. */
    public static void main(String[] args) throws Exception {
        new HandoverLagBenchmark(args).run(args);
        System.exit(0); // the local clusters' non-daemon threads
    }

    private void run(String[] args) throws Exception {
        long steadyS = Long.parseLong(arg(args, "--steady-s", "10"));
        long bothS = Long.parseLong(arg(args, "--both-s", "5"));
        long afterS = Long.parseLong(arg(args, "--after-s", "5"));
        long catchUpMs = Long.parseLong(arg(args, "--catch-up-bound-ms", "1000"));
        InMemoryGateChannel channel = InMemoryGateChannel.named(CHANNEL);

        JobClient blue = start("v1", Color.BLUE, null);
        waitUntil("blue steady", () -> System.nanoTime() >= anchor + steadyS * 1_000_000_000L);
        long greenStart = System.nanoTime();
        JobClient green = start("v2", Color.GREEN, savepoint(blue));
        waitUntil("green caught up", () -> CatchUpCheck.caughtUp(channel.reports(), catchUpMs));
        long caughtUp = System.nanoTime();
        waitUntil("both", () -> System.nanoTime() >= caughtUp + bothS * 1_000_000_000L);

        long propose = System.nanoTime();
        long[] maxHeld = new long[1];
        GateCommand committed = proposeUntilAllArmed(channel, maxHeld);
        long commit = System.nanoTime();
        channel.send(committed);
        waitUntil(
                "blue drained",
                () -> {
                    maxHeld[0] = Math.max(maxHeld[0], held(channel.reports()));
                    return HandoverStatus.drained(
                            channel.reports(), Color.BLUE, committed.transition());
                });
        long drained = System.nanoTime();
        blue.cancel().get();
        long after = System.nanoTime();
        waitUntil("green alone", () -> System.nanoTime() >= after + afterS * 1_000_000_000L);
        green.stopWithSavepoint(
                        false, tmp.resolve("sp").toUri().toString(), SavepointFormatType.CANONICAL)
                .get();

        OutputAudit.Audit audit = OutputAudit.audit(tmp.resolve("out"));
        System.out.printf(
                Locale.ROOT,
                "RUN source=%s rate=%d/s keys=%d reportInterval=%dms margin=%dms"
                        + " autoWatermarkInterval=%dms transitions=%d cutoverId~%d maxHeld=%d%n"
                        + "AUDIT %s%n"
                        + "TIMES (s after anchor) greenStart=%.2f caughtUp=%.2f propose=%.2f"
                        + " commit=%.2f (propose->commit %d ms) drained=%.2f (commit->drained %d ms)"
                        + " blueCancelled=%.2f%n",
                backlog ? "backlog" : "ratelimited",
                rate,
                keys,
                reportIntervalMs,
                marginMs,
                new StreamExecutionEnvironment().getConfig().getAutoWatermarkInterval(),
                committed.transition(),
                (committed.cutover() - EventGenerator.EPOCH_START_MS) * rate / 1000,
                maxHeld[0],
                audit,
                sec(greenStart),
                sec(caughtUp),
                sec(propose),
                sec(commit),
                (commit - propose) / 1_000_000,
                sec(drained),
                (drained - commit) / 1_000_000,
                sec(after));
        long warm = anchor + 3_000_000_000L; // blue's own start-up is not steady state
        LagRecorder.window("blue alone", warm, greenStart, anchor, rate);
        LagRecorder.window("both, before propose", caughtUp, propose, anchor, rate);
        LagRecorder.window("handover (propose..drained)", propose, drained, anchor, rate);
        LagRecorder.window("handover, emitted by blue", propose, drained, anchor, rate, Color.BLUE);
        LagRecorder.window(
                "handover, emitted by green", propose, drained, anchor, rate, Color.GREEN);
        LagRecorder.window("green alone", after, Long.MAX_VALUE, anchor, rate);
    }

    private double sec(long nanos) {
        return (nanos - anchor) / 1e9;
    }

    private GateCommand proposeUntilAllArmed(InMemoryGateChannel channel, long[] maxHeld) {
        long transition = 0;
        while (true) {
            transition++;
            long cutover = HandoverStatus.latestTimestamp(channel.reports()) + marginMs;
            GateCommand proposal = GateCommand.propose(transition, cutover);
            channel.send(proposal);
            long cutoverId = (cutover - EventGenerator.EPOCH_START_MS) * rate / 1000;
            System.out.printf(
                    Locale.ROOT,
                    "PROPOSAL %d sent at %.2fs, cutover id ~%d (due at %.2fs)%n",
                    transition,
                    sec(System.nanoTime()),
                    cutoverId,
                    cutoverId / (double) rate);
            long number = transition;
            waitUntil(
                    "armed or conflict",
                    () -> {
                        maxHeld[0] = Math.max(maxHeld[0], held(channel.reports()));
                        return HandoverStatus.allArmed(channel.reports(), proposal)
                                || HandoverStatus.anyConflict(channel.reports(), number);
                    });
            if (!HandoverStatus.anyConflict(channel.reports(), number)) {
                return proposal.commit();
            }
        }
    }

    private static long held(List<GateReport> reports) {
        return reports.stream().mapToLong(GateReport::held).sum();
    }

    private JobClient start(String version, Color color, String savepoint) throws Exception {
        Configuration conf = new Configuration();
        conf.setString("state.checkpoints.dir", tmp.resolve("cp").toUri().toString());
        conf.setString("rest.bind-port", "0"); // other builds on this machine may hold 8081
        conf.setString("bluegreen.gate.color", color.name());
        conf.setString("bluegreen.gate.channel", CHANNEL);
        conf.setString("bluegreen.gate.report-interval", reportIntervalMs + " ms");
        if (savepoint != null) {
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        }
        var env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        var events = new EventGenerator(keys, rate, OUT_OF_ORDERNESS_MS);
        var source =
                backlog
                        ? new DataGeneratorSource<>(
                                new DueTimeGenerator(events, anchor, rate),
                                Long.MAX_VALUE,
                                RateLimiterStrategy.noOp(),
                                TypeInformation.of(Event.class))
                        : new DataGeneratorSource<>(
                                events,
                                Long.MAX_VALUE,
                                RateLimiterStrategy.perSecond(rate),
                                TypeInformation.of(Event.class));
        var counted =
                env.fromSource(
                                source,
                                WatermarkStrategy.<Event>forBoundedOutOfOrderness(
                                                Duration.ofMillis(OUT_OF_ORDERNESS_MS))
                                        .withTimestampAssigner((e, previous) -> e.eventTime),
                                "events")
                        .uid("events")
                        .setParallelism(1)
                        .keyBy(event -> event.key)
                        .process(new PerKeyCounter(version))
                        .uid("count");
        BlueGreenGate.apply(counted)
                .sinkTo(new LagRecorder(tmp.resolve("out").toString(), version, color))
                .uid("sink");
        return env.executeAsync("handover-lag-" + version);
    }

    private String savepoint(JobClient job) throws Exception {
        return job.triggerSavepoint(
                        tmp.resolve("sp").toUri().toString(), SavepointFormatType.CANONICAL)
                .get();
    }

    private static void waitUntil(String what, BooleanSupplier condition) {
        await(what)
                .atMost(TIMEOUT)
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(10))
                .until(condition::getAsBoolean);
    }

    private static String arg(String[] args, String name, String fallback) {
        int at = Arrays.asList(args).indexOf(name);
        return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
    }

    /**
     * The example job's records, each produced no earlier than its due time {@code anchor + i /
     * rate} (nanoTime of this JVM); a source that is behind produces at once and so catches up.
     */
    static final class DueTimeGenerator implements GeneratorFunction<Long, Event> {
        private static final long serialVersionUID = 1L;
        private final EventGenerator events;
        private final long anchor;
        private final long rate;

        DueTimeGenerator(EventGenerator events, long anchor, long rate) {
            this.events = events;
            this.anchor = anchor;
            this.rate = rate;
        }

        @Override
        public Event map(Long index) {
            long due = anchor + index * 1_000_000_000L / rate;
            for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            return events.eventAt(index);
        }
    }

    /**
     * The example job's sink ({@link LineFileSink}: one flushed line per record) that also notes
     * each record's emit time per colour, and the lag statistics over them (static: one JVM).
     */
    static final class LagRecorder implements Sink<String> {
        private static final long serialVersionUID = 1L;
        private static final AtomicLongArray BLUE = new AtomicLongArray(CAPACITY);
        private static final AtomicLongArray GREEN = new AtomicLongArray(CAPACITY);
        private final LineFileSink lines;
        private final Color color;

        LagRecorder(String output, String version, Color color) {
            this.lines = new LineFileSink(output, version);
            this.color = color;
        }

        @Override
        @SuppressWarnings("deprecation") // the only abstract factory method in Flink 1.20
        public SinkWriter<String> createWriter(InitContext context) throws IOException {
            SinkWriter<String> writer = lines.createWriter(context);
            AtomicLongArray emitted = color == Color.BLUE ? BLUE : GREEN;
            return new SinkWriter<>() {
                @Override
                public void write(String line, Context c) throws IOException, InterruptedException {
                    writer.write(line, c);
                    long id = Long.parseLong(line, 0, line.indexOf(','), 10);
                    if (id < CAPACITY) {
                        emitted.set((int) id, System.nanoTime());
                    }
                }

                @Override
                public void flush(boolean endOfInput) throws IOException, InterruptedException {
                    writer.flush(endOfInput);
                }

                @Override
                public void close() throws Exception {
                    writer.close();
                }
            };
        }

        /** Prints the lag (emit minus due, ms) of the records due in {@code [from, to)}. */
        static void window(String name, long from, long to, long anchor, long rate) {
            window(name, from, to, anchor, rate, null);
        }

        /** As above, only the records emitted by {@code only} (any colour when null). */
        static void window(String name, long from, long to, long anchor, long rate, Color only) {
            long[] lags = new long[CAPACITY];
            int n = 0;
            int both = 0;
            int missing = 0;
            long worstDue = 0;
            long worst = Long.MIN_VALUE;
            for (int id = 0; id < CAPACITY; id++) {
                long due = anchor + id * 1_000_000_000L / rate;
                if (due < from || due >= to) {
                    continue;
                }
                long blue = BLUE.get(id);
                long green = GREEN.get(id);
                if (blue == 0 && green == 0) {
                    missing++;
                    continue;
                }
                both += blue != 0 && green != 0 ? 1 : 0;
                if (only != null && (only == Color.BLUE) != (blue != 0)) {
                    continue;
                }
                long lag = (blue != 0 ? blue : green) - due;
                lags[n++] = lag;
                if (lag > worst) {
                    worst = lag;
                    worstDue = due;
                }
            }
            Arrays.sort(lags, 0, n);
            System.out.printf(
                    Locale.ROOT,
                    "LAG %-28s records=%6d p50=%7.1fms p90=%7.1fms p99=%7.1fms max=%7.1fms"
                            + " (worst due at %.2fs; by both=%d, not emitted=%d)%n",
                    name,
                    n,
                    at(lags, n, 0.50),
                    at(lags, n, 0.90),
                    at(lags, n, 0.99),
                    n == 0 ? Double.NaN : lags[n - 1] / 1e6,
                    (worstDue - anchor) / 1e9,
                    both,
                    missing);
        }

        private static double at(long[] sorted, int n, double quantile) {
            return n == 0 ? Double.NaN : sorted[(int) Math.ceil(quantile * n) - 1] / 1e6;
        }
    }
}
