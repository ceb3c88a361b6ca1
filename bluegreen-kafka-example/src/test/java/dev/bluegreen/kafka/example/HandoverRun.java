package dev.bluegreen.kafka.example;

import dev.bluegreen.example.EventGenerator;
import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.gate.rule.Color;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Test support: one handover scenario on the shared broker: fresh topics, the input feeder ({@value
 * #RATE} records/s, {@value #KEYS} keys over {@link KafkaPipeline#PARTITIONS} partitions), a live
 * read_committed tail of the output, a controller on a fresh in-memory gate channel, and the colour
 * jobs started through it. {@link #close()} stops everything in reverse order.
 */
final class HandoverRun implements AutoCloseable {
    static final long RATE = 100;
    static final int KEYS = 8;
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    final KafkaPipeline pipeline;
    final Path workDir;
    final KafkaPipeline.TopicPair topics;
    final InputFeeder feeder;
    final OutputTail tail;
    final ControllerSteps controller;
    private final List<AutoCloseable> resources = new ArrayList<>();

    private HandoverRun(KafkaPipeline pipeline, Path workDir, String name) {
        this.pipeline = pipeline;
        this.workDir = workDir;
        this.topics = pipeline.freshTopics(name);
        this.controller = keep(ControllerSteps.on(name + "-" + topics.input()));
        this.feeder =
                keep(
                        InputFeeder.start(
                                pipeline.bootstrapServers(),
                                topics.input(),
                                KafkaPipeline.PARTITIONS,
                                RATE,
                                KEYS));
        this.tail = keep(OutputTail.start(pipeline.bootstrapServers(), topics.output()));
    }

    /** Fresh topics named after {@code name}; the feeder and the tail start at once. */
    static HandoverRun start(KafkaPipeline pipeline, Path workDir, String name) {
        return new HandoverRun(pipeline, workDir, name);
    }

    /** A job of this run: its topics, {@code version}, {@code color}, no gate, no savepoint. */
    JobSpec spec(String version, Color color) {
        return JobSpec.of(pipeline, topics, workDir, version, color);
    }

    /** {@link #spec} with the gate on this run's channel (ADVANCED). */
    JobSpec gatedSpec(String version, Color color) {
        return spec(version, color).gated(controller.channelName());
    }

    /** Starts a job; it is cancelled and its MiniCluster shut down by {@link #close()}. */
    ColourJob startJob(JobSpec spec) throws Exception {
        return keep(ColourJob.start(spec));
    }

    /** Waits until the tail read at least {@code atLeast} committed lines of {@code version}. */
    void awaitLines(String version, long atLeast) {
        await(version + " committed " + atLeast + " lines")
                .atMost(TIMEOUT)
                .until(() -> tail.linesOf(version) >= atLeast);
    }

    /**
     * Stops the feeder and waits until the last id it sent is committed in the output (every job
     * still running has then written its share up to the end).
     */
    SourceTruth stopFeederAndAwaitLastId() {
        feeder.close();
        long last = feeder.sent() - 1;
        await("id " + last + " committed")
                .atMost(TIMEOUT)
                .until(() -> tail.firstSeenAtMillis(last).isPresent());
        return SourceTruth.of(feeder);
    }

    /** Every committed output line (call it when no job writes any more). */
    List<OutputAudit.Line> readCommitted() {
        return KafkaOutputAudit.readCommitted(pipeline.bootstrapServers(), topics.output());
    }

    /** Ids below {@code sent} that no line carries. */
    static long[] missing(List<OutputAudit.Line> lines, long sent) {
        boolean[] seen = new boolean[Math.toIntExact(sent)];
        lines.forEach(l -> seen[(int) l.id()] = true);
        return LongStream.range(0, sent).filter(id -> !seen[(int) id]).toArray();
    }

    /** The job never restarted and recorded no failure (so it was never fenced). */
    static void assertNeverFailed(ColourJob job) throws Exception {
        assertThat(job.failures()).as(job.version() + " failures").isEmpty();
        assertThat(job.maxAttemptNumber()).as(job.version() + " restarts").isZero();
    }

    /** One line with the audit, the overlap, the cutover and the output latency. */
    String summary(
            String mode, OutputAudit.Audit audit, long overlapMs, long cutover, SourceTruth truth) {
        long[] all = LongStream.range(0, truth.sent()).toArray();
        long[] aroundT =
                LongStream.range(0, truth.sent())
                        .filter(id -> Math.abs(truth.event(id).eventTime - cutover) <= 2_000)
                        .toArray();
        long[] latency = SourceTruth.latencies(feeder, tail, all);
        long[] latencyAroundT = SourceTruth.latencies(feeder, tail, aroundT);
        return String.format(
                "KafkaHandoverIT %s: sent=%d out=%d distinct=%d duplicates=%d lost=%d"
                        + " byVersion=%s jobsOverlapped=%dms cutover=%s"
                        + " latencyMs(p50/p99/max)=%d/%d/%d aroundCutover(+-2s)=%d/%d/%d",
                mode,
                truth.sent(),
                audit.recordsOut(),
                audit.distinct(),
                audit.duplicates(),
                audit.lost(),
                audit.outByVersion(),
                overlapMs,
                cutover == Long.MIN_VALUE
                        ? "none"
                        : "epoch+" + (cutover - EventGenerator.EPOCH_START_MS) + "ms",
                latency[0],
                latency[1],
                latency[2],
                latencyAroundT[0],
                latencyAroundT[1],
                latencyAroundT[2]);
    }

    private <T extends AutoCloseable> T keep(T resource) {
        resources.add(resource);
        return resource;
    }

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
