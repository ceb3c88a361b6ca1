package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.gate.rule.GateReport;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What one child job's JobManager REST API said about its gate in one reconcile. Immutable.
 *
 * @param job the job read
 * @param subtasks the parallelism of the gate's vertex, 0 when no vertex has the gate's gauges (no
 *     gate, or it has not started)
 * @param reports the newest report of every gate subtask that has published one
 * @param channelErrors the distinct non-empty {@code channelError} gauges of the gate subtasks (why
 *     their last read of the control channel failed), in subtask order
 * @param unreachable why the REST API could not be read (names the URL), or {@code null} when it
 *     was read
 * @param latestCompleted the job's newest completed checkpoint ({@code latest.completed.id} of
 *     {@code GET /jobs/<job>/checkpoints}), read for a job that failed or ended; empty otherwise or
 *     when it could not be read
 */
public record JobGateReading(
        ChildJob job,
        int subtasks,
        List<GateReport> reports,
        List<String> channelErrors,
        String unreachable,
        OptionalLong latestCompleted) {
    public JobGateReading {
        Objects.requireNonNull(job, "job == null");
        reports = List.copyOf(reports);
        channelErrors = List.copyOf(channelErrors);
        Objects.requireNonNull(latestCompleted, "latestCompleted == null");
    }

    /** A reading without the newest completed checkpoint. */
    public JobGateReading(
            ChildJob job,
            int subtasks,
            List<GateReport> reports,
            List<String> channelErrors,
            String unreachable) {
        this(job, subtasks, reports, channelErrors, unreachable, OptionalLong.empty());
    }

    /** A job whose REST API could not be read: nothing is known about its gate. */
    public static JobGateReading unreachable(ChildJob job, String why) {
        return new JobGateReading(job, 0, List.of(), List.of(), Objects.requireNonNull(why));
    }

    /** This reading with the job's newest completed checkpoint. */
    public JobGateReading withLatestCompleted(OptionalLong value) {
        return new JobGateReading(job, subtasks, reports, channelErrors, unreachable, value);
    }
}
