package dev.bluegreen.gate.rule;

import java.util.ArrayList;
import java.util.List;

/**
 * Controller-side reading of the gates' reports: the questions the protocol asks before each step
 * (docs/gate.md). Pure functions of the newest report per subtask; "every subtask" means a report
 * from each of the {@link GateReport#parallelism()} subtasks of a colour.
 */
public final class HandoverStatus {
    private HandoverStatus() {}

    /**
     * Whether every subtask of {@code color} has reported (and they agree on the parallelism).
     *
     * @param reports the newest report per (colour, subtask)
     * @param color the colour
     * @return true if reports from subtasks {@code 0 .. parallelism-1} are all there
     */
    public static boolean everySubtaskReported(List<GateReport> reports, Color color) {
        List<GateReport> mine = of(reports, color);
        if (mine.isEmpty()) {
            return false;
        }
        int parallelism = mine.get(0).parallelism();
        boolean[] seen = new boolean[parallelism];
        for (GateReport report : mine) {
            if (report.parallelism() != parallelism || report.subtask() >= parallelism) {
                return false;
            }
            seen[report.subtask()] = true;
        }
        return all(seen);
    }

    private static boolean all(boolean[] seen) {
        for (boolean present : seen) {
            if (!present) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the proposal may be committed: every subtask of both colours reports it armed.
     *
     * @param reports the newest report per (colour, subtask)
     * @param proposal the PROPOSED command
     * @return true if all subtasks of BLUE and GREEN hold its cutover under its number
     */
    public static boolean allArmed(List<GateReport> reports, GateCommand proposal) {
        for (Color color : Color.values()) {
            if (!everySubtaskReported(reports, color)) {
                return false;
            }
        }
        for (GateReport report : reports) {
            if (!armed(report, proposal)) {
                return false;
            }
        }
        return true;
    }

    private static boolean armed(GateReport report, GateCommand proposal) {
        return report.transition() == proposal.transition()
                && report.stage().orElse(null) == Stage.PROPOSED
                && report.holdsCutover();
    }

    /**
     * Whether some subtask reported a conflict for this transition (pick a later cutover under a
     * new number).
     *
     * @param reports the newest report per (colour, subtask)
     * @param transition the transition number
     * @return true if any report names it as its newest conflict
     */
    public static boolean anyConflict(List<GateReport> reports, long transition) {
        for (GateReport report : reports) {
            if (report.conflict() == transition) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a colour may be torn down: every subtask of it reports the committed transition and
     * is drained.
     *
     * @param reports the newest report per (colour, subtask)
     * @param color the colour that lost the tail
     * @param transition the committed transition
     * @return true if all its subtasks are drained under that transition
     */
    public static boolean drained(List<GateReport> reports, Color color, long transition) {
        if (!everySubtaskReported(reports, color)) {
            return false;
        }
        for (GateReport report : of(reports, color)) {
            boolean done =
                    report.transition() == transition
                            && report.stage().orElse(null) == Stage.COMMITTED
                            && report.drained();
            if (!done) {
                return false;
            }
        }
        return true;
    }

    /**
     * The largest event time any subtask has seen: a proposal's cutover must come after it.
     *
     * @param reports the newest report per (colour, subtask)
     * @return the largest {@link GateReport#maxTimestamp()}, {@link Long#MIN_VALUE} for none
     */
    public static long latestTimestamp(List<GateReport> reports) {
        long latest = Long.MIN_VALUE;
        for (GateReport report : reports) {
            latest = Math.max(latest, report.maxTimestamp());
        }
        return latest;
    }

    private static List<GateReport> of(List<GateReport> reports, Color color) {
        List<GateReport> mine = new ArrayList<>();
        for (GateReport report : reports) {
            if (report.color() == color) {
                mine.add(report);
            }
        }
        return mine;
    }
}
