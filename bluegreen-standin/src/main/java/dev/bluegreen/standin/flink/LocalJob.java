package dev.bluegreen.standin.flink;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.client.program.PackagedProgram;
import org.apache.flink.client.program.PackagedProgramUtils;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.CompletedCheckpointStats;
import org.apache.flink.runtime.client.JobStatusMessage;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.SavepointRestoreSettings;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.util.SerializedThrowable;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One run of a job in its own {@link MiniCluster} (one TaskManager, {@code parallelism} slots,
 * small memory, REST on a random port). Not thread-safe: one worker thread drives it.
 */
public final class LocalJob implements AutoCloseable {
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(60);

    private static final long STATS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final MiniCluster cluster;
    private final JobID jobId;
    private CompletedCheckpointStats latestCheckpoint;
    private long statsFetchedAt;
    private boolean statsFetched;

    private final URI restAddress;

    private LocalJob(MiniCluster cluster, JobID jobId, URI restAddress) {
        this.restAddress = restAddress;
        this.cluster = cluster;
        this.jobId = jobId;
    }

    /**
     * Starts a MiniCluster and submits the job built from the launch's jar (the program's main
     * method runs here, in the caller's thread, to build the job graph).
     *
     * @throws Exception when the program cannot be built or the job cannot be submitted; the
     *     MiniCluster is shut down then
     */
    public static LocalJob start(JobLaunch launch) throws Exception {
        Configuration config = Configuration.fromMap(launch.configuration());
        JobGraph graph = jobGraph(launch, config);
        MiniCluster cluster = new MiniCluster(clusterConfiguration(config, launch.parallelism()));
        try {
            cluster.start();
            cluster.submitJob(graph).get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            URI rest = cluster.getRestAddress().get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            return new LocalJob(cluster, graph.getJobID(), rest);
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
    }

    /**
     * Runs the program's main method to build its job graph. The main method sees {@code config}
     * (the FlinkDeployment's {@code flinkConfiguration} plus the stand-in's keys) through {@code
     * StreamExecutionEnvironment.getExecutionEnvironment().getConfiguration()}, as in upstream's
     * application mode.
     */
    static JobGraph jobGraph(JobLaunch launch, Configuration config) throws Exception {
        PackagedProgram program = program(launch, config);
        try {
            JobGraph graph =
                    PackagedProgramUtils.createJobGraph(
                            program,
                            config,
                            launch.parallelism(),
                            JobID.fromHexString(launch.jobId()),
                            true);
            graph.setSavepointRestoreSettings(restoreSettings(launch));
            return graph;
        } finally {
            program.close();
        }
    }

    private static PackagedProgram program(JobLaunch launch, Configuration config)
            throws Exception {
        return PackagedProgram.newBuilder()
                .setJarFile(launch.jar().toFile())
                .setEntryPointClassName(launch.entryClass())
                .setArguments(launch.args().toArray(String[]::new))
                .setConfiguration(config)
                .build();
    }

    private static SavepointRestoreSettings restoreSettings(JobLaunch launch) {
        return launch.savepointPath() == null
                ? SavepointRestoreSettings.none()
                : SavepointRestoreSettings.forPath(
                        launch.savepointPath(), launch.allowNonRestoredState());
    }

    private static MiniClusterConfiguration clusterConfiguration(
            Configuration jobConfig, int parallelism) {
        Configuration config = new Configuration(jobConfig);
        // several clusters share one JVM: random REST port, little memory each
        config.set(RestOptions.BIND_PORT, "0");
        config.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.parse("16m"));
        config.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.parse("16m"));
        config.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.parse("16m"));
        return new MiniClusterConfiguration.Builder()
                .setConfiguration(config)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(Math.max(1, parallelism))
                .build();
    }

    /**
     * The base URI of this MiniCluster's REST API (Flink's real REST endpoints, e.g. {@code
     * /jobs/<id>}), on a random local port.
     */
    public URI restAddress() {
        return restAddress;
    }

    /** The job id. */
    public String jobId() {
        return jobId.toHexString();
    }

    /**
     * Observes the job as the operator would through REST: state, name, start time, failure cause
     * and latest completed checkpoint.
     *
     * @throws Exception when the MiniCluster does not answer within 60 s
     */
    public JobObservation observe() throws Exception {
        JobStatusMessage message =
                cluster.listJobs().get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS).stream()
                        .filter(m -> m.getJobId().equals(jobId))
                        .findFirst()
                        .orElseThrow(() -> new IllegalStateException("job " + jobId + " missing"));
        SerializedThrowable cause =
                message.getJobState() == JobStatus.FAILED ? failureCause() : null;
        CompletedCheckpointStats latest = latestCompletedCheckpoint();
        return new JobObservation(
                message.getJobState().name(),
                message.getJobName(),
                message.getStartTime(),
                cause == null ? null : rootMessage(cause),
                cause == null ? null : cause.getOriginalErrorClassName(),
                latest == null ? null : latest.getExternalPath(),
                latest == null ? 0 : latest.getTriggerTimestamp());
    }

    /** Why the failed job failed, or {@code null} when its result names no cause. */
    private SerializedThrowable failureCause() throws Exception {
        var result =
                cluster.requestJobResult(jobId).get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        return result.getSerializedThrowable().orElse(null);
    }

    private CompletedCheckpointStats latestCompletedCheckpoint() throws Exception {
        var graph =
                cluster.getArchivedExecutionGraph(jobId)
                        .get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        var stats = graph.getCheckpointStatsSnapshot();
        return stats == null ? null : stats.getHistory().getLatestCompletedCheckpoint();
    }

    /**
     * Checkpoint statistics at most once a second while the job runs (archiving the graph is not
     * free), on every call otherwise, so a failed job's last checkpoint is never missed.
     */
    private CompletedCheckpointStats latestCheckpoint(boolean always) throws Exception {
        long now = System.nanoTime();
        if (always || !statsFetched || now - statsFetchedAt >= STATS_EVERY_NANOS) {
            var graph =
                    cluster.getArchivedExecutionGraph(jobId)
                            .get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            var stats = graph.getCheckpointStatsSnapshot();
            latestCheckpoint =
                    stats == null ? null : stats.getHistory().getLatestCompletedCheckpoint();
            statsFetchedAt = now;
            statsFetched = true;
        }
        return latestCheckpoint;
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String type =
                root instanceof SerializedThrowable s
                        ? s.getOriginalErrorClassName()
                        : root.getClass().getName();
        return type + ": " + root.getMessage();
    }

    /**
     * Stops the job with a canonical savepoint into {@code directory} (without draining).
     *
     * @return the savepoint path
     * @throws Exception when the savepoint fails or takes longer than 60 s
     */
    public String stopWithSavepoint(String directory) throws Exception {
        return cluster.stopWithSavepoint(jobId, directory, false, SavepointFormatType.CANONICAL)
                .get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /**
     * Takes a canonical savepoint into {@code directory}; the job keeps running.
     *
     * @return the savepoint path
     * @throws Exception when the savepoint fails or takes longer than 60 s
     */
    public String triggerSavepoint(String directory) throws Exception {
        return cluster.triggerSavepoint(jobId, directory, false, SavepointFormatType.CANONICAL)
                .get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /**
     * Takes a checkpoint; the job keeps running.
     *
     * @return the checkpoint path
     * @throws Exception when the checkpoint fails or takes longer than 60 s
     */
    public String triggerCheckpoint() throws Exception {
        return cluster.triggerCheckpoint(jobId).get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /**
     * Kills the cluster's only TaskManager, as when its pod dies: its tasks are cancelled and the
     * job fails over (with no restart strategy it ends FAILED); the JobManager, its REST API and
     * its checkpoint statistics stay.
     *
     * @throws Exception when the TaskManager does not stop within 60 s
     */
    public void killTaskManager() throws Exception {
        cluster.terminateTaskManager(0).get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /** Cancels the job (if still running) and shuts the MiniCluster down. Idempotent. */
    @Override
    public void close() {
        try {
            cluster.cancelJob(jobId).get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception alreadyTerminal) {
            // a finished, failed or stopped job cannot be cancelled: nothing to do
        }
        try {
            cluster.close();
        } catch (Exception e) {
            // shutting down is best effort: the next run gets a new MiniCluster
        }
    }
}
