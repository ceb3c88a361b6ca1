package dev.bluegreen.kafka.example;

import dev.bluegreen.example.EventGenerator;
import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.gate.rule.Color;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongPredicate;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Test support: one handover scenario on the shared broker: fresh topics, the input feeder (the
 * ITs: {@value #RATE} records/s, {@value #KEYS} keys over {@link KafkaPipeline#PARTITIONS}
 * partitions), a live read_committed tail of the output, a controller on a fresh in-memory gate
 * channel, and the colour jobs started through it. {@link #close()} stops everything in reverse
 * order. Used from one thread (the ITs and the benchmark).
 */
public final class HandoverRun implements AutoCloseable {
    /** Input records per second of the ITs. */
    public static final long RATE = 100;

    /** Distinct keys of the ITs' input. */
    public static final int KEYS = 8;

    /** How long each wait on the output may take at most: 60 s. */
    public static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** How often the ITs' controller reads the reports while it waits (Awaitility's default). */
    public static final Duration POLL_INTERVAL = Duration.ofMillis(100);

    private final KafkaPipeline pipeline;
    private final Path workDir;
    private final KafkaPipeline.TopicPair topics;
    private final InputFeeder feeder;
    private final OutputTail tail;
    private final ControllerSteps controller;
    private final List<AutoCloseable> resources = new ArrayList<>();

    private HandoverRun(
            KafkaPipeline pipeline,
            Path workDir,
            String name,
            long rate,
            int keys,
            Duration pollInterval) {
        this.pipeline = pipeline;
        this.workDir = workDir;
        this.topics = pipeline.freshTopics(name);
        this.controller = keep(ControllerSteps.on(name + "-" + topics.input(), pollInterval));
        this.feeder =
                keep(
                        InputFeeder.start(
                                pipeline.bootstrapServers(),
                                topics.input(),
                                KafkaPipeline.PARTITIONS,
                                rate,
                                keys));
        this.tail = keep(OutputTail.start(pipeline.bootstrapServers(), topics.output()));
    }

    /**
     * Fresh topics named after {@code name}; the feeder (the ITs' rate and keys) and the tail start
     * at once.
     */
    public static HandoverRun start(KafkaPipeline pipeline, Path workDir, String name) {
        return new HandoverRun(pipeline, workDir, name, RATE, KEYS, POLL_INTERVAL);
    }

    /**
     * As {@link #start(KafkaPipeline, Path, String)} with the feeder at {@code rate} records/s over
     * {@code keys} keys, and the controller reading the reports every {@code pollInterval}.
     */
    public static HandoverRun start(
            KafkaPipeline pipeline,
            Path workDir,
            String name,
            long rate,
            int keys,
            Duration pollInterval) {
        return new HandoverRun(pipeline, workDir, name, rate, keys, pollInterval);
    }

    /** The controller on this run's gate channel. */
    public ControllerSteps controller() {
        return controller;
    }

    /** The input feeder (closed by {@link #stopFeederAndAwaitLastId()} or {@link #close()}). */
    public InputFeeder feeder() {
        return feeder;
    }

    /** This run's input and output topic. */
    public KafkaPipeline.TopicPair topics() {
        return topics;
    }

    /** The live read_committed tail of the output topic. */
    public OutputTail tail() {
        return tail;
    }

    /** A job of this run: its topics, {@code version}, {@code color}, no gate, no savepoint. */
    public JobSpec spec(String version, Color color) {
        return JobSpec.of(pipeline, topics, workDir, version, color);
    }

    /** {@link #spec} with the gate on this run's channel (ADVANCED). */
    public JobSpec gatedSpec(String version, Color color) {
        return spec(version, color).gated(controller.channelName());
    }

    /** Starts a job; it is cancelled and its MiniCluster shut down by {@link #close()}. */
    public ColourJob startJob(JobSpec spec) throws Exception {
        return keep(ColourJob.start(spec));
    }

    /** Waits until the tail read at least {@code atLeast} committed lines of {@code version}. */
    public void awaitLines(String version, long atLeast) {
        await(version + " committed " + atLeast + " lines")
                .atMost(TIMEOUT)
                .until(() -> tail.linesOf(version) >= atLeast);
    }

    /**
     * Waits until the tail read at least {@code atLeast} committed lines of {@code version} whose
     * event time matches {@code eventTime}.
     */
    public void awaitLines(String version, LongPredicate eventTime, long atLeast) {
        await(version + " committed " + atLeast + " lines in the event-time range")
                .atMost(TIMEOUT)
                .until(() -> linesOf(version, eventTime) >= atLeast);
    }

    private long linesOf(String version, LongPredicate eventTime) {
        return tail.lines().stream()
                .filter(l -> l.version().equals(version) && eventTime.test(l.eventTime()))
                .count();
    }

    /**
     * Stops the feeder and waits until the last id it sent is committed in the output (every job
     * still running has then written its share up to the end).
     */
    public SourceTruth stopFeederAndAwaitLastId() {
        feeder.close();
        long last = feeder.sent() - 1;
        await("id " + last + " committed")
                .atMost(TIMEOUT)
                .until(() -> tail.firstSeenAtMillis(last).isPresent());
        return SourceTruth.of(feeder);
    }

    /**
     * Stops the feeder, waits until its last id is committed, stops {@code last} (the one job still
     * running) with a savepoint, reads every committed line and checks each against the source
     * ({@link SourceTruth#assertContentMatches}).
     */
    public HandoverOutput endWith(ColourJob last) throws Exception {
        SourceTruth truth = stopFeederAndAwaitLastId();
        last.stopWithSavepoint();
        List<OutputAudit.Line> lines = readCommitted();
        truth.assertContentMatches(lines);
        return new HandoverOutput(truth, lines, OutputAudit.of(lines));
    }

    /** Every committed output line (call it when no job writes any more). */
    public List<OutputAudit.Line> readCommitted() {
        return KafkaOutputAudit.readCommitted(pipeline.bootstrapServers(), topics.output());
    }

    /** Ids below {@code sent} that no line carries. */
    public static long[] missing(List<OutputAudit.Line> lines, long sent) {
        boolean[] seen = new boolean[Math.toIntExact(sent)];
        lines.forEach(l -> seen[(int) l.id()] = true);
        return LongStream.range(0, sent).filter(id -> !seen[(int) id]).toArray();
    }

    /** The job never restarted and recorded no failure (so it was never fenced). */
    public static void assertNeverFailed(ColourJob job) throws Exception {
        assertThat(job.failures()).as(job.version() + " failures").isEmpty();
        assertThat(job.maxAttemptNumber()).as(job.version() + " restarts").isZero();
    }

    /**
     * One line, starting with {@code label} and {@code mode}, with the audit, the overlap, the
     * cutover ({@link Long#MIN_VALUE}: none) and the output latency.
     */
    public String summary(
            String label, String mode, HandoverOutput output, long overlapMs, long cutover) {
        SourceTruth truth = output.truth();
        OutputAudit.Audit audit = output.audit();
        long[] all = LongStream.range(0, truth.sent()).toArray();
        long[] aroundT =
                LongStream.range(0, truth.sent())
                        .filter(id -> Math.abs(truth.event(id).eventTime - cutover) <= 2_000)
                        .toArray();
        long[] latency = SourceTruth.latencies(feeder, tail, all);
        long[] latencyAroundT = SourceTruth.latencies(feeder, tail, aroundT);
        return String.format(
                Locale.ROOT,
                "%s %s: sent=%d out=%d distinct=%d duplicates=%d lost=%d"
                        + " byVersion=%s jobsOverlapped=%dms cutover=%s"
                        + " latencyMs(p50/p99/max)=%d/%d/%d aroundCutover(+-2s)=%d/%d/%d",
                label,
                mode,
                truth.sent(),
                audit.recordsOut(),
                audit.distinct(),
                audit.duplicates(),
                audit.lost(),
                audit.outByVersion(),
                overlapMs,
                cutover == Long.MIN_VALUE ? "none" : at(cutover),
                latency[0],
                latency[1],
                latency[2],
                latencyAroundT[0],
                latencyAroundT[1],
                latencyAroundT[2]);
    }

    /** An event time as its offset from the generator's epoch, e.g. {@code epoch+12000ms}. */
    public static String at(long eventTime) {
        return "epoch+" + (eventTime - EventGenerator.EPOCH_START_MS) + "ms";
    }

    private <T extends AutoCloseable> T keep(T resource) {
        resources.add(resource);
        return resource;
    }

    /** Stops the jobs, the tail, the feeder and removes the channel, in reverse order. */
    @Override
    public void close() throws Exception {
        Exception first = null;
        for (int i = resources.size() - 1; i >= 0; i--) {
            try {
                resources.get(i).close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
