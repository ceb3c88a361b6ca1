package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.operator.internal.observe.JobGateReading;

import java.util.List;
import java.util.Objects;

/**
 * What the controller read from a gate control channel in one reconcile. Immutable.
 *
 * @param readable whether the channel could be read; when not, the gate is unknown to the engine
 * @param current the newest command, or {@code null} before the first one
 * @param reports the newest report of every gate subtask
 * @param problem why the channel could not be read, or empty
 * @param jobs what each child's JobManager REST API said (ConfigMap channel; empty for the
 *     in-memory channel), also when the channel's command could not be read
 */
public record GateView(
        boolean readable,
        GateCommand current,
        List<GateReport> reports,
        String problem,
        List<JobGateReading> jobs) {

    public GateView {
        reports = List.copyOf(Objects.requireNonNull(reports, "reports == null"));
        problem = problem == null ? "" : problem;
        jobs = jobs == null ? List.of() : List.copyOf(jobs);
    }

    /** A channel read successfully. */
    public static GateView of(GateCommand current, List<GateReport> reports) {
        return new GateView(true, current, reports, "", List.of());
    }

    /** A channel that could not be read, with the reason. */
    public static GateView unreadable(String problem) {
        return new GateView(false, null, List.of(), problem, List.of());
    }

    /** This view with what the children's REST APIs said. */
    public GateView withJobs(List<JobGateReading> value) {
        return new GateView(readable, current, reports, problem, value);
    }
}
