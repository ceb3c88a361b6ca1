package dev.bluegreen.demo.summary;

import dev.bluegreen.demo.render.ConsoleLine;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The summary as the text printed at the end of the demo. Stateless and thread-safe. */
public final class SummaryText {
    /** Why BASIC mode writes duplicates, in one line. */
    public static final String BASIC_DUPLICATES =
            "BASIC mode: green restarts from blue's savepoint while blue keeps writing until it is"
                    + " deleted, so the records between the savepoint and blue's teardown are"
                    + " written by both jobs (at-least-once). ADVANCED mode (gate issue) is to make"
                    + " this 0.";

    private SummaryText() {}

    /** The text of {@code summary}, several lines, ending with a newline. */
    public static String render(Summary summary, String mode) {
        StringBuilder text = new StringBuilder();
        text.append("Summary (")
                .append(mode)
                .append(" mode, ")
                .append(ConsoleLine.seconds(summary.total()))
                .append(")\n");
        text.append("  Phases (controller states):\n");
        for (PhaseTime phase : summary.phases()) {
            text.append(
                    String.format(
                            Locale.ROOT,
                            "    %-24s %8s%s%n",
                            phase.state(),
                            ConsoleLine.seconds(phase.duration()),
                            phase.last() ? "  (final state)" : ""));
        }
        summary.upgrade()
                .ifPresent(
                        d ->
                                text.append(
                                        String.format(
                                                Locale.ROOT,
                                                "  Upgrade, ACTIVE_BLUE to ACTIVE_GREEN:   %8s%n",
                                                ConsoleLine.seconds(d))));
        text.append(
                String.format(
                        Locale.ROOT,
                        "  Both jobs RUNNING side by side:         %8s%n",
                        ConsoleLine.seconds(summary.sideBySide())));
        AuditCounts c = summary.counts();
        text.append(
                String.format(
                        Locale.ROOT,
                        "  Records in (expected): %,d   out: %,d (%s)   distinct: %,d%n",
                        c.expected(),
                        c.out(),
                        byVersion(c.outByVersion()),
                        c.distinct()));
        text.append(
                String.format(
                        Locale.ROOT, "  Duplicates: %,d   Lost: %,d%n", c.duplicates(), c.lost()));
        if (mode.equals("BASIC")) {
            text.append("  ").append(BASIC_DUPLICATES).append('\n');
        }
        return text.toString();
    }

    private static String byVersion(Map<String, Long> outByVersion) {
        return new TreeMap<>(outByVersion)
                .entrySet().stream()
                        .map(e -> String.format(Locale.ROOT, "%s %,d", e.getKey(), e.getValue()))
                        .collect(Collectors.joining(", "));
    }
}
