package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.flink.ColorScope;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.execution.ExecutionState;
import org.apache.flink.runtime.executiongraph.AccessExecution;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.executiongraph.AccessExecutionVertex;
import org.apache.flink.runtime.executiongraph.ErrorInfo;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.SavepointRestoreSettings;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * Test support: one colour of {@link KafkaCountingJob} on its own MiniCluster (parallelism 2,
 * fixed-delay restarts so that a failure shows up as a restart, as on a real cluster). Exposes what
 * the controller does to a job (savepoint, stop with a savepoint, cancel) and what the ITs check
 * about its health: attempt numbers and failures of every subtask, from the MiniCluster's execution
 * graph. Used from one thread.
 */
public final class ColourJob implements AutoCloseable {
    /** Parallelism of every job: 2. */
    public static final int PARALLELISM = 2;

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final JobSpec spec;
    private final MiniCluster cluster;
    private final JobID jobId;

    private ColourJob(JobSpec spec, MiniCluster cluster, JobID jobId) {
        this.spec = spec;
        this.cluster = cluster;
        this.jobId = jobId;
    }

    /**
     * Starts the job and waits until every subtask runs (a savepoint needs that).
     *
     * @throws Exception when the job does not start or not every subtask runs within 60 s
     */
    public static ColourJob start(JobSpec spec) throws Exception {
        // as main() does: the colour comes from the job configuration
        return start(
                spec,
                env ->
                        KafkaCountingJob.build(
                                env, KafkaJobArgs.parse(spec.args()), ColorScope.of(env)));
    }

    /**
     * Starts the pipeline {@code pipeline} puts into the environment (e.g. SQL statements) with
     * {@code spec}'s configuration, savepoint and directory, and waits until every subtask runs.
     *
     * @throws Exception when the job does not start or not every subtask runs within 60 s
     */
    public static ColourJob start(JobSpec spec, Pipeline pipeline) throws Exception {
        ColourJob job = submit(spec, pipeline);
        await(spec.version() + " running").atMost(TIMEOUT).until(job::allSubtasksRunning);
        return job;
    }

    /**
     * Submits the job without waiting for its subtasks (a job that cannot restore never runs).
     *
     * @throws Exception when the cluster does not accept the job within 60 s
     */
    public static ColourJob submit(JobSpec spec, Pipeline pipeline) throws Exception {
        Configuration config = configuration(spec);
        var env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setParallelism(PARALLELISM);
        pipeline.build(env);
        JobGraph graph = env.getStreamGraph().getJobGraph();
        graph.setSavepointRestoreSettings(
                spec.savepoint() == null
                        ? SavepointRestoreSettings.none()
                        : SavepointRestoreSettings.forPath(spec.savepoint(), true));
        MiniCluster cluster = new MiniCluster(clusterConfiguration(config));
        try {
            cluster.start();
            cluster.submitJob(graph).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        return new ColourJob(spec, cluster, graph.getJobID());
    }

    /** Puts a job's pipeline into its environment. */
    @FunctionalInterface
    public interface Pipeline {
        /**
         * Adds the job's sources, operators and sinks to {@code env}.
         *
         * @throws Exception when the pipeline cannot be built
         */
        void build(StreamExecutionEnvironment env) throws Exception;
    }

    private static Configuration configuration(JobSpec spec) {
        Configuration config = new Configuration();
        config.setString("pipeline.name", KafkaCountingJob.JOB_NAME_PREFIX + spec.version());
        config.setString(
                "state.checkpoints.dir", spec.workDir().resolve("checkpoints").toUri().toString());
        config.setString("execution.checkpointing.interval", spec.checkpointIntervalMs() + " ms");
        config.setString("restart-strategy.type", "fixed-delay");
        config.setString("restart-strategy.fixed-delay.attempts", "3");
        config.setString("restart-strategy.fixed-delay.delay", "200 ms");
        if (spec.color() != null) {
            config.setString("bluegreen.color", spec.color().name());
        }
        if (spec.gateChannel() != null) {
            config.setString("bluegreen.gate.color", spec.color().name());
            config.setString("bluegreen.gate.channel", spec.gateChannel());
            if (spec.gateReportInterval() != null) {
                config.setString(
                        "bluegreen.gate.report-interval",
                        spec.gateReportInterval().toMillis() + " ms");
            }
        }
        return config;
    }

    private static MiniClusterConfiguration clusterConfiguration(Configuration jobConfig) {
        Configuration config = new Configuration(jobConfig);
        // two clusters share the test JVM: random REST port, little memory each
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

    /** The version label of the job's output lines. */
    public String version() {
        return spec.version();
    }

    /**
     * Takes a savepoint while the job keeps running; returns its path.
     *
     * @throws IllegalStateException with the job's status, restarts and failures when it fails
     */
    public String savepoint() throws Exception {
        try {
            return cluster.triggerSavepoint(
                            jobId, savepointDir(), false, SavepointFormatType.CANONICAL)
                    .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("savepoint of " + describe() + " failed", e);
        }
    }

    /** The job's version, status, highest attempt number and failures, for error messages. */
    public String describe() throws Exception {
        return spec.version()
                + " (status "
                + status()
                + ", max attempt "
                + maxAttemptNumber()
                + ", failures "
                + failures()
                + ")";
    }

    /**
     * Stops the job with a savepoint (the final transaction commits before it ends): how the
     * controller retires a colour with retention SUSPEND_THEN_DELETE.
     */
    public String stopWithSavepoint() throws Exception {
        return cluster.stopWithSavepoint(
                        jobId, savepointDir(), false, SavepointFormatType.CANONICAL)
                .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /** Cancels the job (its open transaction is aborted): how DELETE retires a colour. */
    public void cancel() throws Exception {
        cluster.cancelJob(jobId).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        await(spec.version() + " cancelled")
                .atMost(TIMEOUT)
                .until(() -> status() == JobStatus.CANCELED);
    }

    /** Triggers a checkpoint and waits until it completed (its transactions commit after that). */
    public void checkpoint() throws Exception {
        cluster.triggerCheckpoint(jobId).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /**
     * Shuts the cluster's TaskManager down and starts a new one, as when a TaskManager pod is lost:
     * every task fails, and the job restarts (fixed-delay) from its last completed checkpoint on
     * the new TaskManager. Waits until every subtask runs again. Once per job (it shuts down the
     * first TaskManager).
     */
    public void loseTaskManager() throws Exception {
        int attempt = maxAttemptNumber();
        cluster.terminateTaskManager(0).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        cluster.startTaskManager();
        await(spec.version() + " restarted on a new TaskManager")
                .atMost(TIMEOUT)
                .until(() -> maxAttemptNumber() > attempt && allSubtasksRunning());
    }

    /** The job's status, as the MiniCluster reports it. */
    public JobStatus status() throws Exception {
        return cluster.getJobStatus(jobId).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /** The highest attempt number of any subtask: 0 when the job never restarted. */
    public int maxAttemptNumber() throws Exception {
        int max = 0;
        for (AccessExecutionVertex vertex : graph().getAllExecutionVertices()) {
            max = Math.max(max, vertex.getCurrentExecutionAttempt().getAttemptNumber());
        }
        return max;
    }

    /**
     * Every failure the job recorded: the job's failure cause and each subtask attempt's, current
     * and earlier ones (full stack traces, causes included).
     */
    public List<String> failures() throws Exception {
        AccessExecutionGraph graph = graph();
        List<String> failures = new ArrayList<>();
        if (graph.getFailureInfo() != null) {
            failures.add(graph.getFailureInfo().getExceptionAsString());
        }
        for (AccessExecutionVertex vertex : graph.getAllExecutionVertices()) {
            addFailure(failures, vertex.getCurrentExecutionAttempt());
            for (AccessExecution earlier : vertex.getExecutionHistory().getHistoricalExecutions()) {
                addFailure(failures, earlier);
            }
        }
        return failures;
    }

    /**
     * Average and largest end-to-end duration of the job's completed checkpoints, ms: {@code
     * [average, max]}, or {@code [-1, -1]} when there are no statistics.
     */
    public long[] checkpointDurations() throws Exception {
        var stats = graph().getCheckpointStatsSnapshot();
        if (stats == null) {
            return new long[] {-1, -1};
        }
        var summary = stats.getSummaryStats().getEndToEndDurationStats();
        return new long[] {(long) summary.getAverage(), summary.getMaximum()};
    }

    private static void addFailure(List<String> failures, AccessExecution execution) {
        execution.getFailureInfo().map(ErrorInfo::getExceptionAsString).ifPresent(failures::add);
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
        return spec.workDir().resolve("savepoints").toUri().toString();
    }

    /** Cancels the job if it still runs and shuts the MiniCluster down. */
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
