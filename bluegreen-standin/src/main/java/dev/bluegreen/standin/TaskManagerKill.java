package dev.bluegreen.standin;

import dev.bluegreen.standin.flink.LocalJob;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The fault {@link Faults#KILL_TASK_MANAGER_WHEN_FILE}: kills the TaskManager of a RUNNING job once
 * its file exists, once per run. Used by one deployment's worker thread.
 */
final class TaskManagerKill {
    private static final Logger LOG = LoggerFactory.getLogger(TaskManagerKill.class);

    private LocalJob killed;

    /** Kills {@code job}'s TaskManager when {@code faults} ask for it and it was not killed yet. */
    void check(LocalJob job, String jobState, FaultSettings faults) {
        Path file = faults.killTaskManagerWhenFile().orElse(null);
        if (file == null || job == null || killed == job || !"RUNNING".equals(jobState)) {
            return;
        }
        if (Files.exists(file)) {
            killed = job;
            LOG.info("stand-in: {} exists, killing the TaskManager of job {}", file, job.jobId());
            try {
                job.killTaskManager();
            } catch (Exception e) {
                LOG.warn("stand-in: killing the TaskManager of job {} failed", job.jobId(), e);
            }
        }
    }
}
