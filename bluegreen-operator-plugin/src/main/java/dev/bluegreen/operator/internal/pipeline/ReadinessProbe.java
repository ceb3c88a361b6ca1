package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.config.ReadinessChecks;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.ReadinessMetrics;
import dev.bluegreen.operator.internal.observe.SourceBacklog;
import dev.bluegreen.operator.internal.pipeline.decide.Readiness;
import dev.bluegreen.operator.internal.pipeline.decide.Readings;

import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Reads the facts the readiness checks need (source backlog, completed checkpoints) from the
 * children's JobManager REST APIs, and only while a transition waits for readiness ({@link
 * Readiness#waitingFor}). Any other reconcile makes no REST call. The backlog of both children is
 * read (the serving child's is the reference), the checkpoint count (and, for an extension, the
 * restarts) of the incoming child only. A fact that cannot be read is reported with the reason. One
 * instance per reconcile; not thread-safe.
 */
final class ReadinessProbe {
    private static final ReadinessChecks BACKLOG_ONLY = new ReadinessChecks(true, false);

    private final ReadinessMetrics metrics;
    private final Supplier<List<ChildJob>> jobs;
    private final BacklogWindow window;

    /**
     * @param metrics the REST reader
     * @param jobs the children that run a job, with their REST API and job id (asked only when
     *     something is read)
     * @param window the incoming job's backlog readings over the window ({@link BacklogWindow#NONE}
     *     uses each reading as it is)
     */
    ReadinessProbe(ReadinessMetrics metrics, Supplier<List<ChildJob>> jobs, BacklogWindow window) {
        this.metrics = metrics;
        this.jobs = jobs;
        this.window = window;
    }

    /**
     * The readings of both children when the transition of {@code record} waits for readiness, else
     * {@code null} (nothing read).
     */
    Readings read(
            TransitionRecord record,
            ChildObservation blue,
            ChildObservation green,
            ReadinessChecks checks,
            Instant now) {
        Optional<Color> incoming =
                Readiness.waitingFor(record, checks, c -> c == Color.BLUE ? blue : green);
        if (incoming.isEmpty()) {
            return null;
        }
        Color x = incoming.get();
        List<ChildJob> running = jobs.get();
        Readings.Child in = read(x == Color.BLUE ? blue : green, job(running, x), checks, now);
        Readings.Child out =
                checks.backlog()
                        ? read(x == Color.BLUE ? green : blue, job(running, x.opposite()))
                        : null;
        return x == Color.BLUE ? new Readings(in, out) : new Readings(out, in);
    }

    /** The serving child's backlog, the reference (not over the window). */
    private Readings.Child read(ChildObservation serving, ChildJob job) {
        return read(serving, job, BACKLOG_ONLY, null);
    }

    private static ChildJob job(List<ChildJob> running, Color color) {
        return running.stream().filter(j -> j.color() == color).findFirst().orElse(null);
    }

    /** The readings {@code checks} need; {@code now} (the window) only for the incoming child. */
    private Readings.Child read(
            ChildObservation child, ChildJob job, ReadinessChecks checks, Instant now) {
        if (!child.present() || job == null) {
            return null;
        }
        Long checkpoints = null;
        String because = null;
        if (checks.checkpoints()) {
            try {
                checkpoints = metrics.completedCheckpoints(job);
            } catch (UncheckedIOException e) {
                because = "checkpoints unknown: " + e.getMessage();
            }
        }
        SourceBacklog backlog = checks.backlog() ? windowed(job, checks, now) : null;
        return new Readings.Child(checkpoints, because, backlog, restarts(job, checks));
    }

    /** The restarts of {@code job} when {@code checks} read them; {@code null} when unreadable. */
    private Long restarts(ChildJob job, ReadinessChecks checks) {
        if (!checks.restarts()) {
            return null;
        }
        try {
            return metrics.restarts(job);
        } catch (UncheckedIOException e) {
            return null;
        }
    }

    /** The backlog of {@code job}; over the window when {@code now} is given. */
    private SourceBacklog windowed(ChildJob job, ReadinessChecks checks, Instant now) {
        SourceBacklog read = backlog(job);
        return now == null ? read : window.add(job.jobId(), now, read, checks.backlogWindow());
    }

    private SourceBacklog backlog(ChildJob job) {
        try {
            return metrics.backlog(job);
        } catch (UncheckedIOException e) {
            return SourceBacklog.unknown("REST API not readable: " + e.getMessage());
        }
    }
}
