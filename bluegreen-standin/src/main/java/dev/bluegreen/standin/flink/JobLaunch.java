package dev.bluegreen.standin.flink;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything needed to start one run of a FlinkDeployment's job.
 *
 * @param jar the job jar on the local file system
 * @param entryClass main class; {@code null} to use the jar manifest's {@code Main-Class}
 * @param args program arguments
 * @param parallelism default parallelism of the job (and slots of its MiniCluster), at least 1
 * @param configuration Flink configuration of the job and its MiniCluster (string keys/values)
 * @param savepointPath savepoint or checkpoint to restore from, or {@code null} for empty state
 * @param allowNonRestoredState whether state of removed operators may be skipped on restore
 * @param jobId the 32-hex-digit job id to run under
 */
public record JobLaunch(
        Path jar,
        String entryClass,
        List<String> args,
        int parallelism,
        Map<String, String> configuration,
        String savepointPath,
        boolean allowNonRestoredState,
        String jobId) {

    /** Copies the collections. */
    public JobLaunch {
        args = List.copyOf(args);
        configuration = Map.copyOf(configuration);
    }
}
