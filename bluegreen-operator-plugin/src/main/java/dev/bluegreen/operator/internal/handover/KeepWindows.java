package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.core.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.Handback;
import dev.bluegreen.gate.rule.KeepWindow;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The coordinator's keep-window steps (docs/gate.md, "Keep window and cold hand-back"): pure
 * functions of the input and the channel's newest command. While a window is open the keeper is the
 * colour the controller would fall back to; the other colour is at risk.
 *
 * <ul>
 *   <li>The keeper no longer runs: the window closes (nothing could be handed back).
 *   <li>The colour at risk is dead (child gone, failing, or its job ended) and owns output it may
 *       not have committed: a cold hand-back from its committed frontier ({@link
 *       Handback#coldFrontier}); when its last reports say it was drained, the window just closes.
 *   <li>Otherwise, after a commit: the window's release schedule is confirmed, extended and the
 *       keeper's forget frontier moved ({@link Handback}).
 * </ul>
 *
 * Stateless and thread-safe.
 */
final class KeepWindows {
    private KeepWindows() {}

    /** A command that must come before any protocol step: a cold hand-back or a close. */
    static Optional<Decision> urgent(HandoverInput input, GateCommand current) {
        if (current == null || !current.window().isOpen()) {
            return Optional.empty();
        }
        Color keeper = keeper(current);
        Color atRisk = keeper.opposite();
        KeepInput keep = input.keep();
        if (!keep.running(keeper)) {
            return Optional.of(close(current, keeper.lowerCase() + " no longer runs"));
        }
        if (!keep.dead(atRisk) || !owns(current, atRisk)) {
            return Optional.empty();
        }
        List<GateReport> reports = reports(input, atRisk);
        if (!reports.isEmpty() && reports.stream().allMatch(GateReport::drained)) {
            return Optional.of(close(current, atRisk.lowerCase() + " stopped after its drain"));
        }
        return Optional.of(coldHandBack(input, current, keeper, reports));
    }

    private static Decision close(GateCommand current, String why) {
        return new Decision(
                current.withWindow(KeepWindow.CLOSED), "closing the keep window: " + why);
    }

    private static Decision coldHandBack(
            HandoverInput input, GateCommand current, Color keeper, List<GateReport> reports) {
        Color atRisk = keeper.opposite();
        KeepWindow window = current.window();
        Handback.Frontier cut =
                Handback.coldFrontier(window, reports, input.keep().completed(atRisk));
        long frontier = Math.max(cut.frontier(), window.forget());
        GateCommand cold = current.handBack(Colors.gate(keeper), frontier);
        String detail = described(keeper, frontier, cut);
        return new Decision(cold, detail, HandbackNote.sent(keeper, frontier, cut, detail));
    }

    /**
     * The note of a cold hand-back in the channel that every keeper subtask has applied: what they
     * re-emitted and could not recover.
     */
    static Optional<HandbackNote> applied(HandoverInput input, GateCommand current) {
        if (current == null || !current.isCold() || !coldApplied(input, current)) {
            return Optional.empty();
        }
        Color keeper = Colors.core(current.target());
        List<GateReport> reports = fresh(input, keeper);
        long recovered = reports.stream().mapToLong(r -> r.keeping().recovered()).sum();
        long lost = reports.stream().mapToLong(r -> r.keeping().lost()).sum();
        return Optional.of(HandbackNote.applied(keeper, current.cutover(), recovered, lost));
    }

    /** The detail of a cold hand-back: where it cuts and how sure that is. */
    static String described(Color keeper, long frontier, Handback.Frontier cut) {
        String where =
                String.format(
                        "%s died after the cut: handing the output back to %s from event time %d"
                                + " (its checkpoint %d)",
                        keeper.opposite().lowerCase(),
                        keeper.lowerCase(),
                        frontier,
                        cut.checkpoint());
        if (cut.exact()) {
            return where + "; exact";
        }
        return String.format(
                "%s; records in [%d, %d) may come out twice: %s",
                where, frontier, cut.upper(), cut.uncertainty());
    }

    /** The window's maintenance after a commit, when it changed anything. */
    static Optional<GateCommand> maintained(HandoverInput input, GateCommand current) {
        if (current == null
                || !current.window().isOpen()
                || current.committedCutovers().length == 0) {
            return Optional.empty();
        }
        Color atRisk = keeper(current).opposite();
        List<GateReport> reports = fresh(input, atRisk);
        int parallelism = parallelism(input, atRisk, reports);
        KeepWindow window = current.window();
        KeepWindow next = Handback.confirm(window, reports, parallelism);
        next = Handback.extend(next, reports, parallelism, input.keep().lead());
        next = next.withForget(Handback.committedFrontier(next, reports, parallelism));
        return next.equals(window) ? Optional.empty() : Optional.of(current.withWindow(next));
    }

    /**
     * The window a new proposal opens, or the open one it keeps. None opens when the option is off,
     * or when the colour that would be at risk has not shown a checkpoint barrier in every
     * subtask's report (a job that does not checkpoint could release nothing at a barrier).
     */
    static KeepWindow forProposal(HandoverInput input, GateCommand current, long cutover) {
        if (current != null && current.window().isOpen()) {
            return current.window();
        }
        Color losing = Coordinator.committedOwner(current);
        if (!input.keep().enabled() || !checkpoints(input, losing.opposite())) {
            return KeepWindow.CLOSED;
        }
        return KeepWindow.keptBy(Colors.gate(losing)).withForget(cutover);
    }

    /** Whether every fresh report of {@code color} shows a processed checkpoint barrier. */
    private static boolean checkpoints(HandoverInput input, Color color) {
        List<GateReport> reports = fresh(input, color);
        return !reports.isEmpty()
                && reports.stream().allMatch(r -> r.checkpoints().checkpoint() > 0);
    }

    /**
     * The colour a keep window protects, for the engine: the colour at risk while it owns output
     * and the keeper runs; {@code null} for none.
     */
    static Color owing(HandoverInput input, GateCommand current) {
        if (current != null && current.isCold()) {
            Color keeper = Colors.core(current.target());
            boolean waiting = input.keep().running(keeper) && !coldApplied(input, current);
            return waiting ? keeper.opposite() : null;
        }
        if (current == null || !current.window().isOpen()) {
            return null;
        }
        Color keeper = keeper(current);
        Color atRisk = keeper.opposite();
        return input.keep().running(keeper) && owns(current, atRisk) ? atRisk : null;
    }

    /**
     * Whether every subtask of the keeper that a cold hand-back gave the output to has applied it
     * (so it re-emitted what it kept, and its reports count what it could not recover).
     */
    static boolean coldApplied(HandoverInput input, GateCommand cold) {
        Color keeper = Colors.core(cold.target());
        List<GateReport> reports = fresh(input, keeper);
        int parallelism = parallelism(input, keeper, reports);
        return Handback.complete(reports, parallelism)
                && reports.stream().allMatch(r -> r.transition() >= cold.transition());
    }

    /**
     * The keeper of an open window whose colour at risk has not committed past the newest cutover
     * yet (its forget frontier is still at or before it), or {@code null}.
     */
    static Color keeperWaitingForCommit(GateCommand current) {
        if (current == null || !current.window().isOpen()) {
            return null;
        }
        long[] cutovers = current.committedCutovers();
        if (cutovers.length == 0) {
            return null;
        }
        boolean committedPast = current.window().forget() > cutovers[cutovers.length - 1];
        return committedPast ? null : keeper(current);
    }

    static Color keeper(GateCommand current) {
        return Colors.core(current.window().keeper().orElseThrow());
    }

    /** Whether {@code color} owns event time from one of the committed cutovers on. */
    private static boolean owns(GateCommand current, Color color) {
        long[] cutovers = current.committedCutovers();
        for (long cutover : cutovers) {
            if (Colors.core(current.ownerAt(cutover)) == color) {
                return true;
            }
        }
        return false;
    }

    /** Every report of {@code color}, stale ones included (a dead job's last word counts). */
    private static List<GateReport> reports(HandoverInput input, Color color) {
        List<GateReport> mine = new ArrayList<>();
        for (GateReport report : input.reports()) {
            if (Colors.core(report.color()) == color) {
                mine.add(report);
            }
        }
        return mine;
    }

    /** The fresh reports of {@code color} (the ones the coordinator counts). */
    private static List<GateReport> fresh(HandoverInput input, Color color) {
        long oldest = input.now().minus(input.staleness()).toEpochMilli();
        List<GateReport> mine = new ArrayList<>();
        for (GateReport report : reports(input, color)) {
            if (report.at() >= oldest) {
                mine.add(report);
            }
        }
        return mine;
    }

    private static int parallelism(HandoverInput input, Color color, List<GateReport> reports) {
        int expected = input.parallelism(color);
        if (expected > 0) {
            return expected;
        }
        return reports.stream().mapToInt(GateReport::parallelism).max().orElse(0);
    }
}
