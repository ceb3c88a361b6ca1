package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.gate.rule.GateReport;

import java.util.List;
import java.util.Objects;

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
 */
public record JobGateReading(
        ChildJob job,
        int subtasks,
        List<GateReport> reports,
        List<String> channelErrors,
        String unreachable) {
    public JobGateReading {
        Objects.requireNonNull(job, "job == null");
        reports = List.copyOf(reports);
        channelErrors = List.copyOf(channelErrors);
    }

    /** A job whose REST API could not be read: nothing is known about its gate. */
    public static JobGateReading unreachable(ChildJob job, String why) {
        return new JobGateReading(job, 0, List.of(), List.of(), Objects.requireNonNull(why));
    }
}
