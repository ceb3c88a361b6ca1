package dev.bluegreen.kafka.example.bench;

import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.HandoverStatus;
import dev.bluegreen.kafka.broker.KafkaBroker;
import dev.bluegreen.kafka.example.InputFeeder;
import dev.bluegreen.kafka.example.KafkaOutputAudit;
import dev.bluegreen.kafka.example.OutputTail;
import dev.bluegreen.kafka.example.Topics;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.awaitility.Awaitility.await;

/**
 * End-to-end latency and output stalls of one ADVANCED blue to green handover on a real Kafka
 * pipeline (a program with a {@code main}, not a test). One KRaft broker (child JVM) for all runs;
 * per run fresh topics (4 partitions), the feeder at a steady rate, a live read_committed {@link
 * OutputTail}, {@code KafkaCountingJob} as blue and green on two MiniClusters (parallelism 2,
 * checkpoints every {@code --checkpoint-ms}), green restored from a savepoint of blue taken while
 * blue keeps running (per-colour sink uid, allowNonRestoredState). The program plays the controller
 * over the in-memory gate channel with {@link HandoverStatus} and the product's defaults (catch-up
 * bound 5 s, cutover margin 3 s, gate report interval 200 ms), then retires blue by
 * stop-with-savepoint ({@code savepoint}, what SUSPEND_THEN_DELETE does) or by cancel ({@code
 * cancel}, what DELETE does).
 *
 * <p>Latency = first read by the tail − handed to the feeder's producer (wall clock, same JVM), by
 * send time in three phases: blue alone, overlap (green submitted → blue retired), green alone.
 * Stall = the longest wall-clock gap between two tail reads that brought new committed ids.
 *
 * <p>Run (no pom change needed: the exec plugin's version is managed in the root pom): {@code mvn
 * -B -ntp -o -q -pl bluegreen-kafka-example test-compile exec:exec -Dexec.executable=java
 * -Dexec.classpathScope=test -Dexec.args="<flink.jvm.flags> -cp %classpath
 * dev.bluegreen.kafka.example.bench.KafkaHandoverLatencyBenchmark --runs 5 --retire both"}.
 */
public final class KafkaHandoverLatencyBenchmark {
    private static final int PARTITIONS = 4;
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    private final BenchSettings settings;
    private final KafkaBroker broker;
    private final Path workDir;

    private KafkaHandoverLatencyBenchmark(BenchSettings settings, KafkaBroker broker, Path dir) {
        this.settings = settings;
        this.broker = broker;
        this.workDir = dir;
    }

    /**
     * Runs the benchmark and prints one line per run and a markdown table.
     *
     * @param args {@code --runs 3 --retire both|savepoint|cancel --rate 200 --keys 16
     *     --checkpoint-ms 1000 --blue-alone-s 10 --green-alone-s 10 --margin-ms 3000}
     * @throws Exception when the broker, a job or a wait fails
     */
    public static void main(String[] args) throws Exception {
        BenchSettings settings = BenchSettings.parse(args);
        Path dir = Files.createTempDirectory("kafka-handover-latency");
        System.out.println("settings: " + settings);
        List<RunResult> results = new ArrayList<>();
        try (KafkaBroker broker = KafkaBroker.start(dir.resolve("broker"))) {
            var bench = new KafkaHandoverLatencyBenchmark(settings, broker, dir);
            int run = 0;
            for (String retire : settings.retireModes()) {
                for (int i = 0; i < settings.runs(); i++) {
                    RunResult result = bench.runOnce(++run, retire);
                    System.out.println(result.line());
                    results.add(result);
                }
            }
        }
        System.out.println();
        System.out.println(RunResult.tableHeader());
        results.forEach(r -> System.out.println(r.tableRow()));
        System.exit(0); // MiniCluster and Kafka client threads linger
    }

    private RunResult runOnce(int run, String retire) throws Exception {
        String in = "latency-in-" + run;
        String out = "latency-out-" + run;
        Topics.create(broker.bootstrapServers(), in, PARTITIONS);
        Topics.create(broker.bootstrapServers(), out, PARTITIONS);
        String channelName = "latency-" + run;
        InMemoryGateChannel channel = InMemoryGateChannel.named(channelName);
        Path runDir = workDir.resolve("run-" + run);
        try (InputFeeder feeder =
                        InputFeeder.start(
                                broker.bootstrapServers(),
                                in,
                                PARTITIONS,
                                settings.rate(),
                                settings.keys());
                OutputTail tail = OutputTail.start(broker.bootstrapServers(), out);
                BenchJob blue = startJob(in, out, "v1", Color.BLUE, channelName, runDir, null)) {
            long warmEnd = System.currentTimeMillis() + 3_000;
            pause(Duration.ofSeconds(settings.blueAloneSeconds()));
            long savepointAt = System.currentTimeMillis();
            String savepoint = blue.savepoint();
            long greenStart = System.currentTimeMillis();
            try (BenchJob green =
                    startJob(in, out, "v2", Color.GREEN, channelName, runDir, savepoint)) {
                var controller = new BenchController(channel, settings);
                GateCommand committed = controller.handOver();
                long commitAt = controller.committedAtMillis();
                long[] blueCheckpoints = blue.checkpointDurations();
                int blueRestarts = blue.maxAttemptNumber();
                if (retire.equals("cancel")) {
                    blue.cancel();
                } else {
                    blue.stopWithSavepoint();
                }
                long blueRetired = System.currentTimeMillis();
                pause(Duration.ofSeconds(settings.greenAloneSeconds()));
                feeder.close();
                long last = feeder.sent() - 1;
                await("id " + last + " read committed")
                        .atMost(TIMEOUT)
                        .until(() -> tail.firstSeenAtMillis(last).isPresent());
                long[] greenCheckpoints = green.checkpointDurations();
                int greenRestarts = green.maxAttemptNumber();
                green.stopWithSavepoint();
                var measurement =
                        new HandoverMeasurement(
                                feeder.sent(),
                                feeder::sentAtMillis,
                                tail::firstSeenAtMillis,
                                warmEnd,
                                savepointAt,
                                greenStart,
                                commitAt,
                                blueRetired);
                OutputAudit.Audit audit =
                        OutputAudit.of(
                                KafkaOutputAudit.readCommitted(broker.bootstrapServers(), out));
                return new RunResult(
                        run,
                        retire,
                        feeder.sent(),
                        audit,
                        blueRetired - greenStart,
                        controller.proposals(),
                        committed.cutover(),
                        settings.checkpointMs(),
                        measurement,
                        blueCheckpoints,
                        greenCheckpoints,
                        blueRestarts + greenRestarts);
            }
        } finally {
            InMemoryGateChannel.remove(channelName);
        }
    }

    private BenchJob startJob(
            String in,
            String out,
            String version,
            Color color,
            String channel,
            Path runDir,
            String savepoint)
            throws Exception {
        String[] args = {
            "--bootstrap-servers", broker.bootstrapServers(),
            "--input-topic", in,
            "--output-topic", out,
            "--version", version
        };
        return BenchJob.start(args, color, channel, settings.checkpointMs(), runDir, savepoint);
    }

    /** Waits for {@code duration} of wall-clock time (the phases of a run are timed). */
    static void pause(Duration duration) {
        long end = System.nanoTime() + duration.toNanos();
        for (long left = duration.toNanos(); left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
        }
    }

    /** The controller's ADVANCED steps over the in-memory channel (as the plugin does). */
    static final class BenchController {
        private final InMemoryGateChannel channel;
        private final BenchSettings settings;
        private int proposals;
        private long committedAt;

        BenchController(InMemoryGateChannel channel, BenchSettings settings) {
            this.channel = channel;
            this.settings = settings;
        }

        /** Catch-up, propose (re-pick on conflict) until all armed, commit, wait for drain. */
        GateCommand handOver() {
            await("green caught up")
                    .atMost(TIMEOUT)
                    .pollInterval(Duration.ofMillis(10))
                    .until(this::caughtUp);
            GateCommand proposal = null;
            while (true) {
                long cutover =
                        HandoverStatus.latestTimestamp(channel.reports()) + settings.marginMs();
                proposal =
                        proposal == null
                                ? GateCommand.propose(1, cutover)
                                : proposal.proposeNext(cutover);
                channel.send(proposal);
                proposals++;
                GateCommand sent = proposal;
                await("armed or conflict")
                        .atMost(TIMEOUT)
                        .pollInterval(Duration.ofMillis(10))
                        .until(
                                () ->
                                        HandoverStatus.allArmed(channel.reports(), sent)
                                                || HandoverStatus.anyConflict(
                                                        channel.reports(), sent.transition()));
                if (!HandoverStatus.anyConflict(channel.reports(), sent.transition())) {
                    break;
                }
            }
            GateCommand committed = proposal.commit();
            channel.send(committed);
            committedAt = System.currentTimeMillis();
            await("blue drained")
                    .atMost(TIMEOUT)
                    .pollInterval(Duration.ofMillis(10))
                    .until(
                            () ->
                                    HandoverStatus.drained(
                                            channel.reports(), Color.BLUE, committed.transition()));
            return committed;
        }

        private boolean caughtUp() {
            var reports = channel.reports();
            if (!HandoverStatus.everySubtaskReported(reports, Color.BLUE)
                    || !HandoverStatus.everySubtaskReported(reports, Color.GREEN)) {
                return false;
            }
            long blue = Long.MIN_VALUE;
            long green = Long.MAX_VALUE;
            for (var report : reports) {
                if (report.color() == Color.BLUE) {
                    blue = Math.max(blue, report.watermark());
                } else {
                    green = Math.min(green, report.watermark());
                }
            }
            return green > Long.MIN_VALUE && green >= blue - settings.catchUpMs();
        }

        int proposals() {
            return proposals;
        }

        long committedAtMillis() {
            return committedAt;
        }
    }
}
