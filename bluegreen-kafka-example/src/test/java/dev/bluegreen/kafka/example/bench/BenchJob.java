package dev.bluegreen.kafka.example.bench;

import dev.bluegreen.gate.flink.ColorScope;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.kafka.example.KafkaCountingJob;
import dev.bluegreen.kafka.example.KafkaJobArgs;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.execution.ExecutionState;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.executiongraph.AccessExecutionVertex;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.SavepointRestoreSettings;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * Benchmark support: one colour of {@link KafkaCountingJob} with the gate on an in-memory channel,
 * on its own MiniCluster (parallelism 2, fixed-delay restarts so that a fencing would show as a
 * restart). Not thread-safe; {@link #close()} cancels the job if it still runs.
 */
final class BenchJob implements AutoCloseable {
    static final int PARALLELISM = 2;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final String version;
    private final Path workDir;
    private final MiniCluster cluster;
    private final JobID jobId;

    private BenchJob(String version, Path workDir, MiniCluster cluster, JobID jobId) {
        this.version = version;
        this.workDir = workDir;
        this.cluster = cluster;
        this.jobId = jobId;
    }

    /**
     * Starts the job and waits until every subtask runs.
     *
     * @param args the job's arguments (broker, topics, version)
     * @param color the colour ({@code bluegreen.color} and {@code bluegreen.gate.color})
     * @param channel the in-memory gate channel name
     * @param checkpointIntervalMs periodic checkpoint interval
     * @param workDir checkpoints and savepoints go below it
     * @param savepoint restore from it with allowNonRestoredState, or null
     */
    static BenchJob start(
            String[] args,
            Color color,
            String channel,
            long checkpointIntervalMs,
            Path workDir,
            String savepoint)
            throws Exception {
        KafkaJobArgs parsed = KafkaJobArgs.parse(args);
        Configuration config = new Configuration();
        config.setString(
                "state.checkpoints.dir", workDir.resolve("checkpoints").toUri().toString());
        config.setString("execution.checkpointing.interval", checkpointIntervalMs + " ms");
        config.setString("restart-strategy.type", "fixed-delay");
        config.setString("restart-strategy.fixed-delay.attempts", "3");
        config.setString("restart-strategy.fixed-delay.delay", "200 ms");
        config.setString("bluegreen.color", color.name());
        config.setString("bluegreen.gate.color", color.name());
        config.setString("bluegreen.gate.channel", channel);
        var env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setParallelism(PARALLELISM);
        KafkaCountingJob.build(env, parsed, ColorScope.of(env));
        JobGraph graph = env.getStreamGraph().getJobGraph();
        graph.setSavepointRestoreSettings(
                savepoint == null
                        ? SavepointRestoreSettings.none()
                        : SavepointRestoreSettings.forPath(savepoint, true));
        MiniCluster cluster = new MiniCluster(clusterConfiguration(config));
        try {
            cluster.start();
            cluster.submitJob(graph).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        var job = new BenchJob(parsed.version(), workDir, cluster, graph.getJobID());
        await(parsed.version() + " running").atMost(TIMEOUT).until(job::allSubtasksRunning);
        return job;
    }

    private static MiniClusterConfiguration clusterConfiguration(Configuration jobConfig) {
        Configuration config = new Configuration(jobConfig);
        config.set(RestOptions.BIND_PORT, "0");
        config.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.parse("16m"));
        config.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.parse("16m"));
        config.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.parse("16m"));
        return new MiniClusterConfiguration.Builder()
                .setConfiguration(config)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(PARALLELISM)
                .build();
    }

    /** Takes a savepoint while the job keeps running; returns its path. */
    String savepoint() throws Exception {
        return cluster.triggerSavepoint(jobId, savepointDir(), false, SavepointFormatType.CANONICAL)
                .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /** Stops the job with a savepoint (its last transaction commits before it ends). */
    void stopWithSavepoint() throws Exception {
        cluster.stopWithSavepoint(jobId, savepointDir(), false, SavepointFormatType.CANONICAL)
                .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /** Cancels the job (its open transaction is aborted) and waits until it is cancelled. */
    void cancel() throws Exception {
        cluster.cancelJob(jobId).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        await(version + " cancelled")
                .atMost(TIMEOUT)
                .until(() -> status().isGloballyTerminalState());
    }

    /** The highest attempt number of any subtask: 0 when the job never restarted. */
    int maxAttemptNumber() throws Exception {
        int max = 0;
        for (AccessExecutionVertex vertex : graph().getAllExecutionVertices()) {
            max = Math.max(max, vertex.getCurrentExecutionAttempt().getAttemptNumber());
        }
        return max;
    }

    /**
     * Average and largest end-to-end duration of the job's completed checkpoints, ms: {@code
     * [average, max]}.
     */
    long[] checkpointDurations() throws Exception {
        var stats = graph().getCheckpointStatsSnapshot();
        if (stats == null) {
            return new long[] {-1, -1};
        }
        var summary = stats.getSummaryStats().getEndToEndDurationStats();
        return new long[] {(long) summary.getAverage(), summary.getMaximum()};
    }

    private org.apache.flink.api.common.JobStatus status() throws Exception {
        return cluster.getJobStatus(jobId).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    private boolean allSubtasksRunning() throws Exception {
        for (AccessExecutionVertex vertex : graph().getAllExecutionVertices()) {
            if (vertex.getExecutionState() != ExecutionState.RUNNING) {
                return false;
            }
        }
        return true;
    }

    private AccessExecutionGraph graph() throws Exception {
        return cluster.getExecutionGraph(jobId).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    private String savepointDir() {
        return workDir.resolve("savepoints").toUri().toString();
    }

    @Override
    public void close() throws Exception {
        try {
            if (!status().isGloballyTerminalState()) {
                cluster.cancelJob(jobId).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
        } finally {
            cluster.close();
        }
    }
}
