package dev.bluegreen.kafka.example.bench;

import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.HandoverStatus;
import dev.bluegreen.kafka.example.ColourJob;
import dev.bluegreen.kafka.example.ControllerSteps;
import dev.bluegreen.kafka.example.HandoverRun;
import dev.bluegreen.kafka.example.JobSpec;
import dev.bluegreen.kafka.example.KafkaPipeline;
import dev.bluegreen.kafka.example.OutputTail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

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
 * cancel}, what DELETE does). The jobs, the controller and the run are the ITs' harness ({@link
 * HandoverRun}, {@link ColourJob}, {@link ControllerSteps}), with the benchmark's rate, keys and
 * checkpoint interval, the gate's default report interval and the controller polling every 10 ms.
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
    /** How often the controller reads the reports while it waits (the handover is timed). */
    private static final Duration POLL_INTERVAL = Duration.ofMillis(10);

    private final BenchSettings settings;
    private final KafkaPipeline pipeline;
    private final Path workDir;

    private KafkaHandoverLatencyBenchmark(
            BenchSettings settings, KafkaPipeline pipeline, Path workDir) {
        this.settings = settings;
        this.pipeline = pipeline;
        this.workDir = workDir;
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
        try (KafkaPipeline pipeline = KafkaPipeline.start(dir.resolve("broker"))) {
            var bench = new KafkaHandoverLatencyBenchmark(settings, pipeline, dir);
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

    private RunResult runOnce(int number, String retire) throws Exception {
        try (HandoverRun run =
                HandoverRun.start(
                        pipeline,
                        workDir.resolve("run-" + number),
                        "latency",
                        settings.rate(),
                        settings.keys(),
                        POLL_INTERVAL)) {
            ColourJob blue = run.startJob(spec(run, "v1", Color.BLUE));
            long warmEnd = System.currentTimeMillis() + 3_000;
            pause(Duration.ofSeconds(settings.blueAloneSeconds()));
            long savepointAt = System.currentTimeMillis();
            String savepoint = blue.savepoint();
            long greenStart = System.currentTimeMillis();
            ColourJob green = run.startJob(spec(run, "v2", Color.GREEN).restoredFrom(savepoint));
            ControllerSteps controller = run.controller();
            controller.awaitCaughtUp(settings.catchUpMs());
            GateCommand committed =
                    controller.commit(controller.proposeUntilAllArmed(settings.marginMs()));
            long commitAt = System.currentTimeMillis();
            controller.awaitDrained(Color.BLUE, committed);
            long[] blueCheckpoints = blue.checkpointDurations();
            int blueRestarts = blue.maxAttemptNumber();
            if (retire.equals("cancel")) {
                blue.cancel();
            } else {
                blue.stopWithSavepoint();
            }
            long blueRetired = System.currentTimeMillis();
            pause(Duration.ofSeconds(settings.greenAloneSeconds()));
            long sent = run.stopFeederAndAwaitLastId().sent();
            long[] greenCheckpoints = green.checkpointDurations();
            int greenRestarts = green.maxAttemptNumber();
            green.stopWithSavepoint();
            var measurement =
                    new HandoverMeasurement(
                            sent,
                            run.feeder()::sentAtMillis,
                            run.tail()::firstSeenAtMillis,
                            warmEnd,
                            savepointAt,
                            greenStart,
                            commitAt,
                            blueRetired);
            return new RunResult(
                    number,
                    retire,
                    sent,
                    OutputAudit.of(run.readCommitted()),
                    blueRetired - greenStart,
                    controller.proposals(),
                    committed.cutover(),
                    settings.checkpointMs(),
                    measurement,
                    blueCheckpoints,
                    greenCheckpoints,
                    blueRestarts + greenRestarts);
        }
    }

    /** A gated job of the run with the benchmark's checkpoint interval and the gate's defaults. */
    private JobSpec spec(HandoverRun run, String version, Color color) {
        return run.gatedSpec(version, color)
                .withCheckpointInterval(settings.checkpointMs())
                .withGateReportInterval(null);
    }

    /** Waits for {@code duration} of wall-clock time (the phases of a run are timed). */
    static void pause(Duration duration) {
        long end = System.nanoTime() + duration.toNanos();
        for (long left = duration.toNanos(); left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
        }
    }
}
