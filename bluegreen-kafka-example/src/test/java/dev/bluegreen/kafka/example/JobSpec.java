package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.rule.Color;

import java.nio.file.Path;
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
 */
record JobSpec(
        String bootstrapServers,
        KafkaPipeline.TopicPair topics,
        Path workDir,
        String version,
        Color color,
        String gateChannel,
        String savepoint,
        String sinkUid,
        long checkpointIntervalMs) {

    /** Checkpoint interval of the ITs: 1 s. */
    static final long DEFAULT_CHECKPOINT_INTERVAL_MS = 1_000;

    /** A job of {@code version} and {@code color}, no gate, no savepoint, 1 s checkpoints. */
    static JobSpec of(
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
                DEFAULT_CHECKPOINT_INTERVAL_MS);
    }

    JobSpec gated(String channel) {
        return new JobSpec(
                bootstrapServers,
                topics,
                workDir,
                version,
                color,
                channel,
                savepoint,
                sinkUid,
                checkpointIntervalMs);
    }

    JobSpec restoredFrom(String path) {
        return new JobSpec(
                bootstrapServers,
                topics,
                workDir,
                version,
                color,
                gateChannel,
                path,
                sinkUid,
                checkpointIntervalMs);
    }

    JobSpec withSinkUid(String uid) {
        return new JobSpec(
                bootstrapServers,
                topics,
                workDir,
                version,
                color,
                gateChannel,
                savepoint,
                uid,
                checkpointIntervalMs);
    }

    JobSpec withCheckpointInterval(long ms) {
        return new JobSpec(
                bootstrapServers,
                topics,
                workDir,
                version,
                color,
                gateChannel,
                savepoint,
                sinkUid,
                ms);
    }

    /** The job's arguments, as the demo passes them. */
    String[] args() {
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
        return args.toArray(String[]::new);
    }
}
