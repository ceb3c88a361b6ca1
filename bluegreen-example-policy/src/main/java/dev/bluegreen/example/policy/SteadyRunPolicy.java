package dev.bluegreen.example.policy;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.ReadinessInput;
import dev.bluegreen.core.ReadinessPolicy;
import dev.bluegreen.core.ReadinessVerdict;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * Ready when the candidate's current job run is steady: it has been up at least {@code minUptime}
 * (since {@link ChildObservation#jobStartTime()}), it never restarted, and, when both children's
 * source backlogs are known, the candidate's is at most {@code maxBacklogRatio} times the serving
 * child's. Checked in this order; the first check that fails is the verdict:
 *
 * <ol>
 *   <li>the run's start time or its restarts unknown: {@code NotReady} ("restarts unknown" with the
 *       reason the controller gives): a run whose restarts cannot be seen is not known to be
 *       steady, so unknown never counts as 0;
 *   <li>at least one restart: {@code NotReady}; restarts only go up within a run, so this holds
 *       until a new run (a new spec) or the readiness deadline;
 *   <li>up less than {@code minUptime}: {@code WaitUntil} the run's start plus {@code minUptime};
 *   <li>backlog above the bound (both known): {@code NotReady}, asked again on the next
 *       observation; an unknown backlog on either side skips this check.
 * </ol>
 *
 * Pure and immutable: the time is {@link ReadinessInput#now()}; thread-safe.
 *
 * @param minUptime how long the run must have been up, not negative
 * @param maxBacklogRatio the candidate's backlog bound as a multiple of the serving child's, at
 *     least 0
 */
public record SteadyRunPolicy(Duration minUptime, double maxBacklogRatio)
        implements ReadinessPolicy {

    /** Checks the bounds. */
    public SteadyRunPolicy {
        Objects.requireNonNull(minUptime, "minUptime == null");
        if (minUptime.isNegative()) {
            throw new IllegalArgumentException("minUptime must not be negative: " + minUptime);
        }
        if (!(maxBacklogRatio >= 0) || Double.isInfinite(maxBacklogRatio)) {
            throw new IllegalArgumentException(
                    "maxBacklogRatio must be a finite number >= 0: " + maxBacklogRatio);
        }
    }

    @Override
    public ReadinessVerdict evaluate(ReadinessInput input) {
        ChildObservation candidate = input.candidate();
        Long restarts = input.candidateRestarts();
        if (candidate.jobStartTime() == null || restarts == null) {
            return new ReadinessVerdict.NotReady(unknown(candidate));
        }
        if (restarts > 0) {
            return new ReadinessVerdict.NotReady(
                    "job run " + candidate.jobId() + " restarted " + restarts + " time(s)");
        }
        Duration uptime = input.candidateUptime();
        if (uptime.compareTo(minUptime) < 0) {
            Instant steadyAt = candidate.jobStartTime().plus(minUptime);
            return new ReadinessVerdict.WaitUntil(
                    steadyAt, "job run up " + text(uptime) + " of min-uptime " + text(minUptime));
        }
        return backlog(candidate, input.incumbent());
    }

    private ReadinessVerdict backlog(ChildObservation candidate, ChildObservation incumbent) {
        Long mine = candidate.health().lagRecords();
        Long serving = incumbent.health().lagRecords();
        if (mine == null || serving == null || mine <= bound(serving)) {
            return ReadinessVerdict.ready();
        }
        return new ReadinessVerdict.NotReady(
                String.format(
                        Locale.ROOT,
                        "backlog %,d records, above %.2f x the serving child's %,d",
                        mine,
                        maxBacklogRatio,
                        serving));
    }

    private double bound(long serving) {
        return serving * maxBacklogRatio;
    }

    private static String unknown(ChildObservation candidate) {
        String what = candidate.jobStartTime() == null ? "job start time" : "restarts";
        String because = candidate.health().unknownBecause();
        return what
                + " of job run "
                + candidate.jobId()
                + " unknown"
                + (because == null ? "" : " (" + because + ")")
                + "; not known to be steady";
    }

    /** {@code 1 h 2 min 3 s}-style text, whole seconds. */
    static String text(Duration d) {
        long s = d.toSeconds();
        StringBuilder out = new StringBuilder();
        if (s >= 3600) {
            out.append(s / 3600).append(" h ");
        }
        if (s % 3600 >= 60) {
            out.append(s % 3600 / 60).append(" min ");
        }
        if (s % 60 != 0 || s == 0) {
            out.append(s % 60).append(" s");
        }
        return out.toString().trim();
    }
}
