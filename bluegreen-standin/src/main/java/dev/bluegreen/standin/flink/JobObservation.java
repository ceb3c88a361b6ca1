package dev.bluegreen.standin.flink;

/**
 * What the stand-in sees of a running or finished job, the facts the upstream operator reads from
 * the JobManager's REST API.
 *
 * @param state Flink job status name, e.g. {@code RUNNING}, {@code FAILED}
 * @param jobName the Flink job name
 * @param startTimeMillis job start, epoch milliseconds
 * @param failure the failure cause for a FAILED job ({@code "type: message"}), else {@code null}
 * @param failureType the failure's exception class name, else {@code null}
 * @param lastCheckpointPath external path of the latest completed checkpoint, or {@code null}
 * @param lastCheckpointMillis when the latest completed checkpoint was triggered, or 0
 */
public record JobObservation(
        String state,
        String jobName,
        long startTimeMillis,
        String failure,
        String failureType,
        String lastCheckpointPath,
        long lastCheckpointMillis) {}
