package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.core.Color;
import dev.bluegreen.core.GateObservation;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.KeepWindow;
import dev.bluegreen.gate.rule.Stage;

import java.util.Optional;

/**
 * Converges the gate channel to the engine's wish (docs/gate.md, "The protocol"): one pure step per
 * reconcile, stateless (the channel holds the newest command).
 *
 * <ul>
 *   <li>No proposal in flight and the committed owner differs from the desired one: propose once
 *       every subtask of both colours has reported and the target colour has caught up (its slowest
 *       non-idle watermark within the catch-up bound of the other colour's fastest), with the
 *       cutover after every reported event time plus the margin and after the last committed
 *       cutover.
 *   <li>A proposal in flight: abort it when the desired owner no longer matches its target; re-pick
 *       under the next number (a later cutover, ahead by twice the event time that passed since the
 *       conflicting pick when that exceeds the margin) when a subtask reports a conflict with it;
 *       commit it when every subtask of both colours is armed for it; else wait.
 * </ul>
 *
 * The observation names the owner of the output tail under the newest committed schedule ({@link
 * Color#BLUE} when nothing was committed) and, per colour, whether every subtask reports drained
 * for the newest committed cutover. Stateless and thread-safe.
 */
public final class Coordinator {
    private Coordinator() {}

    /**
     * The next step for {@code input}.
     *
     * @param input the desired owner, the channel's state and the reports
     * @return the command to send (or none) and the observation
     */
    public static HandoverStep next(HandoverInput input) {
        var blue = ColorReports.of(input, Color.BLUE);
        var green = ColorReports.of(input, Color.GREEN);
        GateCommand current = input.current();
        Decision decision =
                KeepWindows.urgent(input, current).orElseGet(() -> protocol(input, blue, green));
        GateCommand command =
                decision.command() != null
                        ? decision.command()
                        : KeepWindows.maintained(input, current).orElse(null);
        GateObservation seen = observation(current, blue, green, decision.detail());
        Optional<HandbackNote> note =
                decision.note() != null
                        ? Optional.of(decision.note())
                        : KeepWindows.applied(input, current);
        return new HandoverStep(
                Optional.ofNullable(command), withKeepWindow(seen, input, current), note);
    }

    private static Decision protocol(HandoverInput input, ColorReports blue, ColorReports green) {
        GateCommand current = input.current();
        return current != null && current.stage() == Stage.PROPOSED
                ? inFlight(input, current, blue, green)
                : atRest(input, current, blue, green);
    }

    /**
     * The observation with the colour a keep window protects; a keeper counts as drained only once
     * the colour at risk has committed past the cut, so that a green that fails before its first
     * commit always has blue to fall back to.
     */
    private static GateObservation withKeepWindow(
            GateObservation seen, HandoverInput input, GateCommand current) {
        Color owing = KeepWindows.owing(input, current);
        Color waiting = KeepWindows.keeperWaitingForCommit(current);
        return new GateObservation(
                seen.outputOwner(),
                seen.blueDrained() && waiting != Color.BLUE,
                seen.greenDrained() && waiting != Color.GREEN,
                seen.detail(),
                owing);
    }

    private static Decision inFlight(
            HandoverInput input, GateCommand proposal, ColorReports blue, ColorReports green) {
        long n = proposal.transition();
        if (input.desiredOwner() != Colors.core(proposal.target())) {
            return new Decision(
                    withdrawn(proposal),
                    "withdrawing transition "
                            + n
                            + ": the output should stay with "
                            + owner(input));
        }
        if (blue.conflict(n) || green.conflict(n)) {
            return conflict(input, proposal, blue, green);
        }
        if (blue.armed(n) && green.armed(n)) {
            return new Decision(
                    proposal.commit(), "every subtask armed for transition " + n + ", committing");
        }
        return new Decision(null, armed(blue, green, n));
    }

    /** The proposal aborted; a keep window opened for it closes when nothing was committed. */
    private static GateCommand withdrawn(GateCommand proposal) {
        GateCommand aborted = proposal.abort();
        return proposal.committedCutovers().length == 0 && proposal.window().isOpen()
                ? aborted.withWindow(KeepWindow.CLOSED)
                : aborted;
    }

    private static String armed(ColorReports blue, ColorReports green, long n) {
        int armed = blue.armedCount(n) + green.armedCount(n);
        int all = Math.max(blue.parallelism(), 0) + Math.max(green.parallelism(), 0);
        return armed + " of " + all + " subtasks armed for transition " + n;
    }

    /** A gate reported a conflict on the proposal: re-pick once every report is in. */
    private static Decision conflict(
            HandoverInput input, GateCommand proposal, ColorReports blue, ColorReports green) {
        long n = proposal.transition();
        if (!blue.complete() || !green.complete()) {
            return new Decision(null, "conflict on transition " + n + "; " + waiting(blue, green));
        }
        long cutover = repick(input, proposal);
        GateCommand next = GateCommand.propose(n + 1, cutover, proposal.earlierCutovers());
        return new Decision(
                proposal.window().isOpen() ? next.withWindow(proposal.window()) : next,
                "conflict on transition " + n + ", re-picked as " + (n + 1));
    }

    private static Decision atRest(
            HandoverInput input, GateCommand current, ColorReports blue, ColorReports green) {
        Color desired = input.desiredOwner();
        if (desired == null || desired == committedOwner(current)) {
            return new Decision(null, "");
        }
        if (!blue.complete() || !green.complete()) {
            return new Decision(null, waiting(blue, green));
        }
        ColorReports target = desired == Color.BLUE ? blue : green;
        ColorReports other = desired == Color.BLUE ? green : blue;
        if (target.absent()) {
            return new Decision(null, desired.lowerCase() + " is not running");
        }
        if (!caughtUp(target, other, input.catchUpBound().toMillis())) {
            return new Decision(null, catchingUp(input, target, other));
        }
        return propose(input, current, desired);
    }

    private static String catchingUp(HandoverInput input, ColorReports target, ColorReports other) {
        return "waiting for "
                + target.color().lowerCase()
                + " to catch up: watermark "
                + target.minWatermark()
                + " vs "
                + other.color().lowerCase()
                + "'s "
                + other.maxWatermark()
                + " (bound "
                + input.catchUpBound().toMillis()
                + " ms)";
    }

    /** Proposes the cutover to {@code desired}, as the next transition after {@code current}. */
    private static Decision propose(HandoverInput input, GateCommand current, Color desired) {
        long cutover = cutover(input, current);
        GateCommand next =
                current == null ? GateCommand.propose(1, cutover) : current.proposeNext(cutover);
        KeepWindow window = KeepWindows.forProposal(input, current, cutover);
        GateCommand proposal = window.equals(next.window()) ? next : next.withWindow(window);
        return new Decision(
                proposal,
                "proposing cutover to "
                        + desired.lowerCase()
                        + " at "
                        + cutover
                        + " (transition "
                        + proposal.transition()
                        + ")");
    }

    /**
     * Whether {@code target}'s slowest watermark is within {@code bound} of {@code other}'s
     * fastest.
     */
    static boolean caughtUp(ColorReports target, ColorReports other, long bound) {
        long ahead = other.maxWatermark();
        if (ahead == Long.MIN_VALUE) {
            return true; // the other colour has no watermark yet: nothing to catch up with
        }
        long behind = target.minWatermark();
        return behind != Long.MIN_VALUE && behind >= minus(ahead, bound);
    }

    /**
     * The cutover for a new proposal: after every reported event time (largest timestamp, else
     * watermark) plus the margin, and after the last committed cutover. Every report counts, stale
     * ones and those of a colour that is gone included: a job that stopped may have emitted records
     * up to its last reported time, and an earlier cutover would repeat them.
     */
    private static long cutover(HandoverInput input, GateCommand current) {
        long seen = Long.MIN_VALUE;
        for (var report : input.reports()) {
            seen = Math.max(seen, Math.max(report.maxTimestamp(), report.watermark()));
        }
        long[] committed = current == null ? new long[0] : current.committedCutovers();
        long last = committed.length == 0 ? Long.MIN_VALUE : committed[committed.length - 1];
        long base = seen == Long.MIN_VALUE ? Math.max(last, 0) : seen;
        long cutover = plus(base, input.margin().toMillis());
        return last == Long.MIN_VALUE ? cutover : Math.max(cutover, plus(last, 1));
    }

    /**
     * The cutover of a re-pick: later than the conflicting one, and ahead of the newest reported
     * time by the margin or by twice the event time that passed since the conflicting pick
     * (whichever is larger), so that a stream moving faster than the margin per round trip does not
     * conflict forever.
     */
    private static long repick(HandoverInput input, GateCommand conflicting) {
        long margin = input.margin().toMillis();
        long fresh = cutover(input, conflicting); // newest reported time + margin
        long newest = fresh - margin;
        long progress = newest - (conflicting.cutover() - margin);
        long adaptive = progress > 0 ? plus(newest, plus(progress, progress)) : fresh;
        return Math.max(Math.max(fresh, adaptive), plus(conflicting.cutover(), 1));
    }

    private static GateObservation observation(
            GateCommand current, ColorReports blue, ColorReports green, String detail) {
        long[] committed = current == null ? new long[0] : current.committedCutovers();
        if (committed.length == 0) {
            return new GateObservation(Color.BLUE, false, false, detail);
        }
        long last = committed[committed.length - 1];
        String drain = drainDetail(committedOwner(current).opposite(), blue, green, last);
        return new GateObservation(
                committedOwner(current),
                blue.drained(last),
                green.drained(last),
                detail.isEmpty() ? drain : detail);
    }

    private static String drainDetail(
            Color losing, ColorReports blue, ColorReports green, long cutover) {
        ColorReports reports = losing == Color.BLUE ? blue : green;
        if (reports.parallelism() <= 0) {
            return "";
        }
        return reports.drainedCount(cutover)
                + " of "
                + reports.parallelism()
                + " "
                + losing.lowerCase()
                + " subtasks drained";
    }

    /** The colour owning the tail under the committed cutovers of {@code current}. */
    static Color committedOwner(GateCommand current) {
        int count = current == null ? 0 : current.committedCutovers().length;
        return count % 2 == 0 ? Color.BLUE : Color.GREEN;
    }

    private static String owner(HandoverInput input) {
        return input.desiredOwner() == null ? "its owner" : input.desiredOwner().lowerCase();
    }

    private static String waiting(ColorReports blue, ColorReports green) {
        return "waiting for reports: blue "
                + blue.reporting()
                + "/"
                + Math.max(blue.parallelism(), 0)
                + ", green "
                + green.reporting()
                + "/"
                + Math.max(green.parallelism(), 0);
    }

    private static long plus(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    private static long minus(long a, long b) {
        long diff = a - b;
        return ((a ^ b) & (a ^ diff)) < 0 ? Long.MIN_VALUE : diff;
    }
}
