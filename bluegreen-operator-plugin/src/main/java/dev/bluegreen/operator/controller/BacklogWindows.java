package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.internal.observe.SourceBacklog;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Objects;

/**
 * The incoming job's backlog readings over {@code readiness.max-lag-window}, per parent, in memory.
 * A Kafka source's {@code pendingRecords} is a saw-tooth under backpressure (it counts from the
 * high watermark of the consumer's last fetch, and a throttled source fetches seldom), so a single
 * reading can dip within the bound while the job falls further behind. The engine therefore gets
 * the largest reading of the window, and no number at all until the readings span the window.
 * Readings start again for a new job id and after a restart of the controller (nothing is
 * persisted: a restart only delays readiness by one window). A view of {@link ParentMemory}, one
 * window per parent, forgotten with the parent. Thread-safe.
 */
final class BacklogWindows {
    private record Reading(Instant at, long records) {}

    /** The readings of one job run of one parent; guarded by itself. */
    static final class Window {
        private final String jobId;
        private final Instant since;
        private final Deque<Reading> readings = new ArrayDeque<>();

        private Window(String jobId, Instant since) {
            this.jobId = jobId;
            this.since = since;
        }
    }

    private final ParentMemory memory;

    /** The windows kept in {@code memory}. */
    BacklogWindows(ParentMemory memory) {
        this.memory = Objects.requireNonNull(memory, "memory == null");
    }

    /**
     * Adds a known reading of job {@code jobId} of {@code parent} and answers what the engine gets:
     * the largest reading of the last {@code window} once the readings span it, else unknown with
     * how much of the window is covered. A zero window passes the reading through.
     *
     * @param parent the parent's key ({@link ParentMemory#key})
     */
    SourceBacklog add(
            String parent, String jobId, Instant now, SourceBacklog read, Duration window) {
        if (window.isZero() || !read.known()) {
            return read;
        }
        Window w = windowOf(memory.of(parent), jobId, now);
        synchronized (w) {
            w.readings.addLast(new Reading(now, read.records()));
            while (w.readings.peekFirst().at().isBefore(now.minus(window))) {
                w.readings.removeFirst();
            }
            long largest = w.readings.stream().mapToLong(Reading::records).max().orElseThrow();
            Duration covered = Duration.between(w.since, now);
            if (covered.compareTo(window) < 0) {
                return notSpanned(largest, covered, window);
            }
            return new SourceBacklog(largest, read.detail() + ", largest of the window");
        }
    }

    /** The parent's window of job {@code jobId}: a new one for a new job run. */
    private static Window windowOf(ParentMemory.Kept kept, String jobId, Instant now) {
        synchronized (kept) {
            if (kept.backlog == null || !kept.backlog.jobId.equals(jobId)) {
                kept.backlog = new Window(jobId, now);
            }
            return kept.backlog;
        }
    }

    private static SourceBacklog notSpanned(long largest, Duration covered, Duration window) {
        return SourceBacklog.unknown(
                String.format(
                        Locale.ROOT,
                        "at most %,d records over %d s of readings, %d s needed"
                                + " (readiness.max-lag-window)",
                        largest,
                        covered.toSeconds(),
                        window.toSeconds()));
    }
}
