package dev.bluegreen.gate.rule;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Controller-side rules of the keep window (docs/gate.md, "Keep window and cold hand-back"): pure
 * functions of the window in the newest command and the newest report of every subtask of the
 * colour at risk. The coordinator of the plugin and the gate's property test use the same
 * functions, so what the test proves is what the controller does.
 *
 * <p>The controller's view of the bound in force at a checkpoint uses only <em>confirmed</em>
 * entries (every subtask at risk was seen to know the entry before its barrier), so it is never
 * above the bound any subtask applied: a hand-back from it can duplicate records, never lose them.
 */
public final class Handback {
    private Handback() {}

    /**
     * Whether every one of {@code parallelism} subtasks has a report in {@code reports}.
     *
     * @param reports the newest report per subtask of the colour at risk
     * @param parallelism that colour's gate parallelism
     * @return true if subtasks {@code 0 .. parallelism-1} all reported
     */
    public static boolean complete(List<GateReport> reports, int parallelism) {
        if (parallelism <= 0) {
            return false;
        }
        boolean[] seen = new boolean[parallelism];
        int count = 0;
        for (GateReport report : reports) {
            int i = report.subtask();
            if (report.parallelism() == parallelism && i < parallelism && !seen[i]) {
                seen[i] = true;
                count++;
            }
        }
        return count == parallelism;
    }

    /**
     * The window with its newest entry settled. Confirmed, when every subtask at risk reports that
     * it knows the entry while its last barrier is still before the entry's checkpoint: from that
     * barrier on every subtask applies it. Withdrawn, when some subtask reports a barrier at or
     * after the entry's checkpoint first: subtasks may then apply it at different barriers, so the
     * controller no longer counts on it (a gate that knows it may still apply it; its bound is then
     * above the controller's view, which is the safe side).
     *
     * @param window the window of the newest command
     * @param reports the newest report of every subtask at risk
     * @param parallelism their gate parallelism
     * @return the window, confirmed further, without its missed entry, or unchanged
     */
    public static KeepWindow confirm(KeepWindow window, List<GateReport> reports, int parallelism) {
        long newest = window.bounds().newestCheckpoint();
        if (newest <= window.confirmed()) {
            return window;
        }
        boolean everyoneInTime = complete(reports, parallelism);
        boolean missed = false;
        for (GateReport report : reports) {
            CheckpointProgress p = report.checkpoints();
            everyoneInTime &= p.known() >= newest && p.checkpoint() < newest;
            missed |= p.checkpoint() >= newest;
        }
        if (everyoneInTime) {
            return window.withConfirmed(newest);
        }
        return missed ? window.withoutNewest() : window;
    }

    /**
     * The next entry of the release schedule, if one is due: once the newest entry is confirmed or
     * its barrier has passed (at most one entry waits at a time), a bound at the slowest non-idle
     * watermark at risk <em>at its newest completed checkpoint</em> minus the lateness, from the
     * checkpoint {@code lead} after the newest barrier reported (so at most one entry per barrier,
     * and the schedule never runs further ahead of the barriers than {@code lead}). A completed
     * checkpoint's watermark holds in every later attempt (a restarted job reads again only what
     * came after a completed checkpoint), so every record below the bound comes before the entry's
     * barrier.
     *
     * @param window the window of the newest command
     * @param reports the newest report of every subtask at risk
     * @param parallelism their gate parallelism
     * @param lead how many checkpoints ahead the entry starts, at least 1
     * @return the window with the new entry, or unchanged
     */
    public static KeepWindow extend(
            KeepWindow window, List<GateReport> reports, int parallelism, int lead) {
        if (!complete(reports, parallelism)) {
            return window;
        }
        ReleaseBounds bounds = window.bounds();
        long barrier = newestBarrier(reports);
        boolean waiting =
                bounds.newestCheckpoint() > window.confirmed()
                        && bounds.newestCheckpoint() > barrier;
        long bound = slowestBound(reports);
        // one entry per barrier at most: an entry counted from the newest entry instead of the
        // newest barrier would run ahead of the barriers, and green's output with it
        long from = barrier + Math.max(lead, 1);
        if (waiting
                || from <= bounds.newestCheckpoint()
                || bound == Long.MIN_VALUE
                || bound <= bounds.newestBound()) {
            return window;
        }
        return window.withBounds(bounds.with(from, bound));
    }

    private static long newestBarrier(List<GateReport> reports) {
        long newest = 0;
        for (GateReport report : reports) {
            newest = Math.max(newest, report.checkpoints().checkpoint());
        }
        return newest;
    }

    /**
     * The slowest watermark minus lateness over the subtasks that are not idle (all if all are).
     */
    static long slowestBound(List<GateReport> reports) {
        long slowest = Long.MAX_VALUE;
        long slowestAny = Long.MAX_VALUE;
        boolean anyActive = false;
        for (GateReport report : reports) {
            CheckpointProgress p = report.checkpoints();
            long b = minus(p.committedWatermark(), p.latenessMs());
            slowestAny = Math.min(slowestAny, b);
            if (!report.idle()) {
                slowest = Math.min(slowest, b);
                anyActive = true;
            }
        }
        if (reports.isEmpty()) {
            return Long.MIN_VALUE;
        }
        return anyActive ? slowest : slowestAny;
    }

    /**
     * The frontier below which every subtask at risk has committed its output (the keeper may
     * forget what it kept below it): the lowest confirmed bound in force at each subtask's newest
     * completed checkpoint.
     *
     * @param window the window of the newest command
     * @param reports the newest report of every subtask at risk
     * @param parallelism their gate parallelism
     * @return the frontier, {@link Long#MIN_VALUE} when nothing is known to be committed
     */
    public static long committedFrontier(
            KeepWindow window, List<GateReport> reports, int parallelism) {
        if (!complete(reports, parallelism)) {
            return Long.MIN_VALUE;
        }
        ReleaseBounds confirmed = confirmedBounds(window);
        long frontier = Long.MAX_VALUE;
        for (GateReport report : reports) {
            frontier = Math.min(frontier, confirmed.boundAt(report.checkpoints().committed()));
        }
        return frontier;
    }

    /**
     * The entries of the window that are confirmed: all up to the confirmed id (a missed entry is
     * withdrawn by {@link #confirm}, so none in between is unconfirmed).
     */
    static ReleaseBounds confirmedBounds(KeepWindow window) {
        return window.bounds().upTo(window.confirmed());
    }

    /**
     * Where a cold hand-back cuts, once the colour at risk died: the confirmed bound in force at
     * its newest completed checkpoint ({@code latestCompleted}, read from its JobManager; else the
     * newest completion its subtasks reported, which is never later). The result says whether that
     * is exact, or the range in which records may come out twice.
     *
     * @param window the window of the newest command
     * @param reports the newest report of every subtask at risk (possibly stale)
     * @param latestCompleted the newest completed checkpoint id, when the JobManager still answers
     * @return the frontier and how sure it is
     */
    public static Frontier coldFrontier(
            KeepWindow window, List<GateReport> reports, OptionalLong latestCompleted) {
        long reported = 0;
        for (GateReport report : reports) {
            reported = Math.max(reported, report.checkpoints().committed());
        }
        long completed = latestCompleted.orElse(reported);
        long frontier = confirmedBounds(window).boundAt(completed);
        // without the JobManager, a later checkpoint may have completed unseen
        long highest =
                Math.max(
                        window.bounds()
                                .boundAt(latestCompleted.isPresent() ? completed : Long.MAX_VALUE),
                        window.withdrawn());
        String why;
        if (!latestCompleted.isPresent() && highest > frontier) {
            why =
                    "its JobManager did not answer: from the newest completion reported, "
                            + completed;
        } else if (highest > frontier) {
            why = "a release bound that was not confirmed may have been in force on some subtasks";
        } else {
            why = "";
        }
        return new Frontier(frontier, why.isEmpty() ? frontier : highest, completed, why);
    }

    private static long minus(long a, long b) {
        long diff = a - b;
        return ((a ^ b) & (a ^ diff)) < 0 ? Long.MIN_VALUE : diff;
    }

    /** A cold hand-back's cut. Immutable. */
    public static final class Frontier {
        private final long frontier;
        private final long upper;
        private final long checkpoint;
        private final String uncertainty;

        Frontier(long frontier, long upper, long checkpoint, String uncertainty) {
            this.frontier = frontier;
            this.upper = upper;
            this.checkpoint = checkpoint;
            this.uncertainty = Objects.requireNonNull(uncertainty, "uncertainty");
        }

        /** Event time (epoch ms) from which the keeper takes the output back. */
        public long frontier() {
            return frontier;
        }

        /**
         * Event time below which the colour at risk may have committed records too: records in
         * {@code [frontier, upper)} may come out twice; equal to {@link #frontier} when exact.
         */
        public long upper() {
            return upper;
        }

        /** The completed checkpoint the frontier belongs to. */
        public long checkpoint() {
            return checkpoint;
        }

        /** Whether the cut is exact (no record can come out twice). */
        public boolean exact() {
            return uncertainty.isEmpty();
        }

        /** Why the cut may not be exact, or empty. */
        public String uncertainty() {
            return uncertainty;
        }
    }
}
