package dev.bluegreen.operator.internal.observe;

import dev.bluegreen.gate.rule.CutKind;
import dev.bluegreen.gate.rule.GateReport;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Which cut the controller's hand-over uses, and the refusal of gates that cut otherwise (docs/
 * gate.md, "Which cut for which job"). The controller cuts at one event time; a gate inside the
 * Kafka source ({@code BlueGreenKafkaSource.gated}) cuts by source position, which the controller
 * does not coordinate yet. A job whose gates report the other kind gets no cutover: the coordinator
 * sends nothing and the engine sees an unknown gate, so the change waits for its deadline or a
 * person. Pure and thread-safe.
 */
public final class CutKinds {
    /** The kind of cut the controller coordinates. */
    public static final CutKind CONTROLLER = CutKind.EVENT_TIME;

    private CutKinds() {}

    /**
     * Why {@code reports} are refused: per colour, how many gate subtasks cut otherwise.
     *
     * @param reports the newest report of every gate subtask (stale ones included: a gate's kind
     *     does not change while it runs)
     * @return the refusal, e.g. {@code green: 2 gate subtasks cut by source position; ...}, or
     *     empty when every report cuts as the controller does
     */
    public static Optional<String> refusal(List<GateReport> reports) {
        Map<String, Integer> other = new TreeMap<>();
        for (GateReport report : reports) {
            if (report.cut() != CONTROLLER) {
                other.merge(
                        report.color().name().toLowerCase(java.util.Locale.ROOT), 1, Integer::sum);
            }
        }
        if (other.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder();
        other.forEach(
                (color, count) ->
                        text.append(text.length() == 0 ? "" : ", ")
                                .append(color)
                                .append(": ")
                                .append(count)
                                .append(" gate subtasks"));
        return Optional.of(text + " " + explained());
    }

    /** How many of {@code reports} come from gates that cut otherwise than the controller. */
    static long otherKind(List<GateReport> reports) {
        return reports.stream().filter(r -> r.cut() != CONTROLLER).count();
    }

    /** The common part of the refusal: what cuts otherwise, and what to use instead. */
    public static String explained() {
        return "cut by source position (BlueGreenKafkaSource.gated), but this controller cuts by"
                + " event time only: use BlueGreenGate.apply or the bluegreen SQL connector, or"
                + " transitionMode BASIC; no cutover is proposed";
    }
}
