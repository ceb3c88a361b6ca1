package dev.bluegreen.example;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.HandoverStatus;

import java.util.List;

/**
 * Test support: the catch-up check of a test that plays the controller (this module's handover IT
 * and lag benchmark, and bluegreen-kafka-example's ControllerSteps through this module's test jar).
 * The plugin's controller has its own check over the ConfigMap channel's reports. Stateless.
 */
public final class CatchUpCheck {
    private CatchUpCheck() {}

    /**
     * Whether every subtask of both colours reported and green's slowest watermark is within {@code
     * boundMs} milliseconds of blue's fastest.
     */
    public static boolean caughtUp(List<GateReport> reports, long boundMs) {
        if (!HandoverStatus.everySubtaskReported(reports, Color.BLUE)
                || !HandoverStatus.everySubtaskReported(reports, Color.GREEN)) {
            return false;
        }
        long blueAhead = Long.MIN_VALUE;
        long greenBehind = Long.MAX_VALUE;
        for (GateReport report : reports) {
            if (report.color() == Color.BLUE) {
                blueAhead = Math.max(blueAhead, report.watermark());
            } else {
                greenBehind = Math.min(greenBehind, report.watermark());
            }
        }
        return greenBehind > Long.MIN_VALUE && greenBehind >= blueAhead - boundMs;
    }
}
