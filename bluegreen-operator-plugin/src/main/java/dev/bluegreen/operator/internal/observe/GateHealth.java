package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.ingress.ChildNames;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The health of an ADVANCED resource's gate channel as the children's REST APIs show it, for the
 * parent's Degraded condition and a Warning event (docs/operations.md, "The gate channel"). Pure:
 * the time is an input. Immutable.
 *
 * <p>A child is unhealthy when a gate subtask reports a channel error ({@value #CHANNEL_ERROR}: the
 * gates cannot read the controller's ConfigMap and keep their last good command), or when its job
 * has run for longer than the report staleness and fewer gate subtasks report (freshly) than the
 * gate has ({@value #NOT_REPORTING}: no gate in the job, the REST API not reachable, or reports
 * that stopped). A job without a known start time is not judged yet.
 *
 * <p>A keeper that stopped keeping at a bound during a keep window ({@value #KEEP_BOUND_REACHED}:
 * {@link KeepBound}) comes after channel errors and before missing reports. Gates that cut
 * otherwise than the controller ({@value #CUT_KIND_MISMATCH}: {@link CutKinds}) come first: no
 * cutover is proposed to them at all.
 *
 * @param reason {@value #CUT_KIND_MISMATCH} when a child's gates cut by source position, else
 *     {@value #CHANNEL_ERROR} when any child has a channel error, else {@value #KEEP_BOUND_REACHED}
 *     when a keeper stopped keeping, else {@value #NOT_REPORTING}
 * @param message one part per unhealthy child, joined with "; ", e.g. {@code orders-green: 2 of 2
 *     gate subtasks report; channel error: configmap shop/orders-gate: data.command: missing}
 */
public record GateHealth(String reason, String message) {
    /** Reason when the gates report that they cannot read the channel. */
    public static final String CHANNEL_ERROR = "GateChannelError";

    /** Reason when a running job's gate does not report (fully) through its REST API. */
    public static final String NOT_REPORTING = "GateNotReporting";

    /**
     * Reason when a keeper stopped keeping at one of its bounds during a keep window: a hand-back
     * would lose what it dropped since.
     */
    public static final String KEEP_BOUND_REACHED = "KeepBoundReached";

    /**
     * Reason when a child's gates cut by source position, which the controller does not coordinate:
     * the hand-over is refused before any cutover.
     */
    public static final String CUT_KIND_MISMATCH = "CutKindMismatch";

    public GateHealth {
        Objects.requireNonNull(reason, "reason == null");
        Objects.requireNonNull(message, "message == null");
    }

    /**
     * The health of the gates read in one reconcile.
     *
     * @param names the children's names
     * @param readings what each running child's REST API said
     * @param staleness reports older than this do not count, and a job must have run this long
     *     before missing reports count
     * @param now the time of this reconcile
     * @return the problem, or empty when every child's gate reports and reads the channel
     */
    public static Optional<GateHealth> of(
            ChildNames names, List<JobGateReading> readings, Duration staleness, Instant now) {
        Optional<GateHealth> refused = cutKindMismatch(names, readings);
        if (refused.isPresent()) {
            return refused;
        }
        var parts = new ArrayList<String>();
        var keep = new ArrayList<String>();
        for (JobGateReading reading : readings) {
            String problem = problem(names, reading, staleness, now);
            if (problem != null) {
                parts.add(problem);
            }
            KeepBound.of(names, reading).ifPresent(keep::add);
        }
        boolean channelError = readings.stream().anyMatch(r -> !r.channelErrors().isEmpty());
        if (!channelError && !keep.isEmpty()) {
            return Optional.of(new GateHealth(KEEP_BOUND_REACHED, String.join("; ", keep)));
        }
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                new GateHealth(
                        channelError ? CHANNEL_ERROR : NOT_REPORTING, String.join("; ", parts)));
    }

    /** The children whose gates cut otherwise than the controller, if any. */
    private static Optional<GateHealth> cutKindMismatch(
            ChildNames names, List<JobGateReading> readings) {
        var parts = new ArrayList<String>();
        for (JobGateReading reading : readings) {
            long other = CutKinds.otherKind(reading.reports());
            if (other > 0) {
                String of = reading.subtasks() > 0 ? " of " + reading.subtasks() : "";
                parts.add(
                        names.child(reading.job().color()) + ": " + other + of + " gate subtasks");
            }
        }
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        String message = String.join(", ", parts) + " " + CutKinds.explained();
        return Optional.of(new GateHealth(CUT_KIND_MISMATCH, message));
    }

    /** What is wrong with one child's gate (channel errors first), or {@code null}. */
    private static String problem(
            ChildNames names, JobGateReading reading, Duration staleness, Instant now) {
        int fresh = fresh(reading.reports(), staleness, now);
        String counted = counted(names.child(reading.job().color()), fresh, reading);
        if (!reading.channelErrors().isEmpty()) {
            return counted + "; channel error: " + String.join(" | ", reading.channelErrors());
        }
        if (missing(reading, fresh) && ranLongerThan(reading.job(), staleness, now)) {
            return counted + notReportingDetail(reading, staleness);
        }
        return null;
    }

    private static String counted(String child, int fresh, JobGateReading reading) {
        String of = reading.subtasks() > 0 ? " of " + reading.subtasks() : "";
        return child + ": " + fresh + of + " gate subtasks report";
    }

    private static String notReportingDetail(JobGateReading reading, Duration staleness) {
        if (reading.unreachable() != null) {
            return "; REST API not read: " + reading.unreachable();
        }
        if (reading.subtasks() == 0) {
            return "; the job has no gate vertex with reports (is BlueGreenGate.apply in it?)";
        }
        return " within " + staleness.toSeconds() + " s";
    }

    private static boolean missing(JobGateReading reading, int fresh) {
        return reading.subtasks() == 0 || fresh < reading.subtasks();
    }

    private static int fresh(List<GateReport> reports, Duration staleness, Instant now) {
        long oldest = now.minus(staleness).toEpochMilli();
        return (int) reports.stream().filter(r -> r.at() >= oldest).count();
    }

    private static boolean ranLongerThan(ChildJob job, Duration staleness, Instant now) {
        return job.startedAt() != null && job.startedAt().plus(staleness).isBefore(now);
    }
}
