package dev.bluegreen.demo.summary;

import dev.bluegreen.demo.render.ConsoleLine;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/** The summary's lines about the analysis checks and the rollback. Stateless and thread-safe. */
final class AnalysisText {
    /** How ADVANCED mode keeps the output exact across the rollback, in one line. */
    static final String ADVANCED_ROLLBACK =
            "ADVANCED mode with a rollback: the gates handed the output over twice by event time,"
                    + " blue to green at the first cutover and green back to blue at the"
                    + " rollback's, so v2 wrote only the records between the two cutovers and"
                    + " none was written twice or lost (exactly-once across both cutovers).";

    /** Why BASIC mode writes duplicates when it rolls back, in one line. */
    static final String BASIC_ROLLBACK =
            "BASIC mode with a rollback: blue kept running and writing while the post-promotion"
                    + " checks ran, so the records green wrote were written by blue too"
                    + " (at-least-once). ADVANCED mode (--mode ADVANCED) hands the output over"
                    + " and back in the jobs' gates and writes none twice.";

    private AnalysisText() {}

    /** The lines of {@code outcome}, each ending with a newline; {@code end} is the final state. */
    static String render(AnalysisOutcome outcome, Optional<String> end) {
        StringBuilder text = new StringBuilder("  Analysis checks (as the controller measured):\n");
        for (CheckResult check : outcome.checks()) {
            text.append(check(check));
        }
        outcome.turnedBad().ifPresent(bad -> text.append(timing(outcome, bad)));
        if (outcome.rolledBack()) {
            text.append(
                    String.format(
                            Locale.ROOT,
                            "  Ends on blue (%s): the failed post-promotion check made the"
                                    + " controller switch back by itself and retire green.%n",
                            end.orElse("no state")));
        }
        return text.toString();
    }

    /** The mode's line about duplicates for a run that rolled back. */
    static String modeLine(boolean basic) {
        return basic ? BASIC_ROLLBACK : ADVANCED_ROLLBACK;
    }

    private static String check(CheckResult check) {
        return String.format(
                Locale.ROOT,
                "    %-14s %-24s %d measurements (%s), last %s%s%n",
                check.stage(),
                check.check(),
                check.measurements(),
                check.counts(),
                check.lastPhase(),
                check.lastValue().isEmpty() ? "" : " with result " + check.lastValue());
    }

    /** When green turned bad, and how long each reaction took from then. */
    private static String timing(AnalysisOutcome outcome, Duration bad) {
        return String.format(
                Locale.ROOT,
                "  Green turned bad at %s; from then: errors in Prometheus %s, first failed"
                        + " measurement %s, rollback %s, traffic back on blue %s%n",
                ConsoleLine.seconds(bad),
                since(outcome, outcome.errorsSeen()),
                since(outcome, outcome.firstFailed()),
                since(outcome, outcome.rollback()),
                since(outcome, outcome.trafficBack()));
    }

    private static String since(AnalysisOutcome outcome, Optional<Duration> at) {
        return outcome.sinceTurnedBad(at).map(d -> "+" + ConsoleLine.seconds(d)).orElse("not seen");
    }
}
