package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.rule.Color;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Test support: how to run one colour of {@link KafkaCountingJob} on its own MiniCluster.
 *
 * @param bootstrapServers the broker
 * @param topics input and output topic
 * @param workDir checkpoints and savepoints go below it
 * @param version the version label of the output lines
 * @param color written as {@code bluegreen.color} (per-colour sink uid, prefix and group); null for
 *     none
 * @param gateChannel when not null, the gate gets the colour and this in-memory channel (ADVANCED);
 *     null leaves the gate a pass-through (BASIC)
 * @param savepoint restore from this savepoint (with allowNonRestoredState), or null
 * @param sinkUid a sink uid instead of the per-colour default, or null
 * @param checkpointIntervalMs periodic checkpoint interval
 * @param gateReportInterval the gate's {@code bluegreen.gate.report-interval} when gated, or null
 *     for the gate's default (200 ms)
 * @param extraArgs further job arguments, appended as given (e.g. {@code --delivery-guarantee})
 */
public record JobSpec(
        String bootstrapServers,
        KafkaPipeline.TopicPair topics,
        Path workDir,
        String version,
        Color color,
        String gateChannel,
        String savepoint,
        String sinkUid,
        long checkpointIntervalMs,
        Duration gateReportInterval,
        List<String> extraArgs) {

    /** Checkpoint interval of the ITs: 1 s. */
    public static final long DEFAULT_CHECKPOINT_INTERVAL_MS = 1_000;

    /** Gate report interval of the ITs: 50 ms, so that the controller's waits end soon. */
    public static final Duration DEFAULT_GATE_REPORT_INTERVAL = Duration.ofMillis(50);

    /**
     * A job of {@code version} and {@code color}, no gate, no savepoint, 1 s checkpoints, gate
     * reports every 50 ms once gated.
     */
    public static JobSpec of(
            KafkaPipeline pipeline,
            KafkaPipeline.TopicPair topics,
            Path workDir,
            String version,
            Color color) {
        return new JobSpec(
                pipeline.bootstrapServers(),
                topics,
                workDir,
                version,
                color,
                null,
                null,
                null,
                DEFAULT_CHECKPOINT_INTERVAL_MS,
                DEFAULT_GATE_REPORT_INTERVAL,
                List.of());
    }

    /** This job with the gate on the in-memory channel {@code channel} (ADVANCED). */
    public JobSpec gated(String channel) {
        return with(
                channel, savepoint, sinkUid, checkpointIntervalMs, gateReportInterval, extraArgs);
    }

    /** This job restored from the savepoint at {@code path} (with allowNonRestoredState). */
    public JobSpec restoredFrom(String path) {
        return with(
                gateChannel, path, sinkUid, checkpointIntervalMs, gateReportInterval, extraArgs);
    }

    /** This job with the sink uid {@code uid} instead of the per-colour default. */
    public JobSpec withSinkUid(String uid) {
        return with(
                gateChannel, savepoint, uid, checkpointIntervalMs, gateReportInterval, extraArgs);
    }

    /** This job with a checkpoint every {@code ms} milliseconds. */
    public JobSpec withCheckpointInterval(long ms) {
        return with(gateChannel, savepoint, sinkUid, ms, gateReportInterval, extraArgs);
    }

    /** This job with the gate reporting every {@code interval} (null: the gate's default). */
    public JobSpec withGateReportInterval(Duration interval) {
        return with(gateChannel, savepoint, sinkUid, checkpointIntervalMs, interval, extraArgs);
    }

    /** This job with {@code args} appended to its arguments. */
    public JobSpec withArgs(String... args) {
        var all = new ArrayList<>(extraArgs);
        all.addAll(List.of(args));
        return with(
                gateChannel,
                savepoint,
                sinkUid,
                checkpointIntervalMs,
                gateReportInterval,
                List.copyOf(all));
    }

    /** This job (broker, topics, directory, version, colour) with other run settings. */
    private JobSpec with(
            String channel,
            String path,
            String uid,
            long intervalMs,
            Duration reportInterval,
            List<String> args) {
        return new JobSpec(
                bootstrapServers,
                topics,
                workDir,
                version,
                color,
                channel,
                path,
                uid,
                intervalMs,
                reportInterval,
                args);
    }

    /** The job's arguments, as the demo passes them. */
    public String[] args() {
        var args = new ArrayList<String>();
        args.addAll(
                List.of(
                        "--bootstrap-servers",
                        bootstrapServers,
                        "--input-topic",
                        topics.input(),
                        "--output-topic",
                        topics.output(),
                        "--version",
                        version));
        if (sinkUid != null) {
            args.addAll(List.of("--sink-uid", sinkUid));
        }
        args.addAll(extraArgs);
        return args.toArray(String[]::new);
    }
}
