package dev.bluegreen.kafka.example;

import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.HandoverStatus;

import java.time.Duration;
import java.util.List;
import java.util.function.LongPredicate;

import static org.awaitility.Awaitility.await;

/**
 * Test support for the abort and hot-rollback scenarios, on top of {@link ControllerSteps} and
 * {@link HandoverRun}: waits for what the controller and the output tail must observe between the
 * steps (a command applied by every gate subtask, records held under a proposal, committed lines of
 * one colour in an event-time range).
 */
final class RollbackSteps {
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private RollbackSteps() {}

    /**
     * Waits until every subtask of both colours reports {@code command}'s transition in its stage
     * (for an ABORTED command: every gate released its held records under the old schedule).
     */
    static void awaitApplied(ControllerSteps controller, GateCommand command) {
        await("every subtask applied " + command)
                .atMost(TIMEOUT)
                .until(() -> appliedByAll(controller.reports(), command));
    }

    private static boolean appliedByAll(List<GateReport> reports, GateCommand command) {
        if (!HandoverStatus.everySubtaskReported(reports, Color.BLUE)
                || !HandoverStatus.everySubtaskReported(reports, Color.GREEN)) {
            return false;
        }
        return reports.stream()
                .allMatch(
                        r ->
                                r.transition() == command.transition()
                                        && r.stage().orElse(null) == command.stage());
    }

    /**
     * Waits until the subtasks of {@code color} hold at least {@code atLeast} records together (the
     * stream went past the proposed cutover while they were armed).
     */
    static void awaitHolding(ControllerSteps controller, Color color, long atLeast) {
        await(color + " holds " + atLeast + " records at or after the proposed cutover")
                .atMost(TIMEOUT)
                .until(() -> held(controller, color) >= atLeast);
    }

    /** Records held right now by the subtasks of {@code color}, as last reported. */
    static long held(ControllerSteps controller, Color color) {
        return controller.reports().stream()
                .filter(r -> r.color() == color)
                .mapToLong(GateReport::held)
                .sum();
    }

    /**
     * Waits until the tail read at least {@code atLeast} committed lines of {@code version} whose
     * event time matches {@code eventTime}.
     */
    static void awaitLines(HandoverRun run, String version, LongPredicate eventTime, long atLeast) {
        await(version + " committed " + atLeast + " lines in the event-time range")
                .atMost(TIMEOUT)
                .until(() -> countLines(run.tail.lines(), version, eventTime) >= atLeast);
    }

    /** Lines of {@code version} whose event time matches {@code eventTime}. */
    static long countLines(List<OutputAudit.Line> lines, String version, LongPredicate eventTime) {
        return lines.stream()
                .filter(l -> l.version().equals(version) && eventTime.test(l.eventTime()))
                .count();
    }
}
