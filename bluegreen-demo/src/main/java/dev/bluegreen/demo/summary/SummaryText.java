package dev.bluegreen.demo.summary;

import dev.bluegreen.demo.render.ConsoleLine;

import java.util.Locale;
import java.util.Optional;

/** The summary as the text printed at the end of the demo. Stateless and thread-safe. */
public final class SummaryText {
    /** Why BASIC mode writes duplicates, in one line. */
    public static final String BASIC_DUPLICATES =
            "BASIC mode: green restarts from blue's savepoint while blue keeps writing until it is"
                    + " deleted, so the records between the savepoint and blue's teardown are"
                    + " written by both jobs (at-least-once). ADVANCED mode (--mode ADVANCED) hands"
                    + " the output over in the jobs' gates and writes none twice.";

    /** How ADVANCED mode keeps the output exact across a rollback, in one line. */
    public static final String ADVANCED_ROLLBACK = AnalysisText.ADVANCED_ROLLBACK;

    /** How ADVANCED mode avoids them, in one line. */
    public static final String ADVANCED_HANDOVER =
            "ADVANCED mode: the gate in each job decided by event time which job writes a record:"
                    + " blue every record before the cutover the controller committed, green every"
                    + " record from it, so the overlap writes nothing twice (exactly-once hand-over).";

    /** What BASIC mode's duplicates mean on a Kafka topic, in one line. */
    public static final String KAFKA_BASIC =
            "Kafka: each job writes with exactly-once transactions, but these are two jobs: both"
                    + " committed the records they wrote side by side, so a read_committed reader"
                    + " sees those records twice.";

    /** Why ADVANCED mode loses nothing on a Kafka topic, in one line. */
    public static final String KAFKA_ADVANCED =
            "Kafka: counted from the output topic read_committed. Blue was stopped with a savepoint"
                    + " before it was deleted, so its last transaction (its last records before"
                    + " the cutover) was committed, not aborted.";

    /** How ADVANCED mode's keep window kept the output exact when green failed, in one line. */
    public static final String ADVANCED_HAND_BACK =
            "ADVANCED mode, keep window: green failed for good after the cut; blue had kept what it"
                    + " dropped, and the controller handed the output back to it from what green had"
                    + " committed (a cold hand-back), so no record is written twice and, within the"
                    + " keep bound, none is lost.";

    /** What a hand-back means on a Kafka topic, in one line. */
    public static final String KAFKA_HAND_BACK =
            "Kafka: counted from the output topic read_committed. Green's open transaction was"
                    + " never committed; blue wrote those records again from green's last completed"
                    + " checkpoint on.";

    private SummaryText() {}

    /**
     * The text of {@code summary} for the example job's files; see {@link #render(Summary, String,
     * boolean)}.
     */
    public static String render(Summary summary, String mode) {
        return render(summary, mode, false);
    }

    /**
     * The text of {@code summary} of a run without adoption; see {@link #render(Summary, String,
     * boolean, Optional)}.
     */
    public static String render(Summary summary, String mode, boolean kafka) {
        return render(summary, mode, kafka, Optional.empty());
    }

    /**
     * The text of {@code summary}, several lines, ending with a newline.
     *
     * @param mode {@code BASIC} or {@code ADVANCED}
     * @param kafka whether the jobs wrote a Kafka topic (adds a line on what that means)
     * @param adopted the adopted job's ids before and after its adoption, when the run adopted one
     *     (adds a line)
     */
    public static String render(
            Summary summary, String mode, boolean kafka, Optional<AdoptedJob> adopted) {
        StringBuilder text = new StringBuilder();
        line(text, "Summary (%s mode, %s)", mode, ConsoleLine.seconds(summary.total()));
        times(text, summary);
        adopted.ifPresent(job -> adoption(text, job));
        summary.analysis()
                .ifPresent(a -> text.append(AnalysisText.render(a, summary.finalState())));
        records(text, summary.counts());
        boolean basic = mode.equals("BASIC");
        line(text, "  %s", modeLine(summary, basic));
        summary.handBack().ifPresent(step -> line(text, "  The hand-back: %s", step));
        if (kafka) {
            line(text, "  %s", kafkaLine(summary, basic));
        }
        return text.toString();
    }

    private static String kafkaLine(Summary summary, boolean basic) {
        if (basic) {
            return KAFKA_BASIC;
        }
        return summary.handBack().isPresent() ? KAFKA_HAND_BACK : KAFKA_ADVANCED;
    }

    /** Why the mode wrote (or did not write) duplicates; a rollback has its own reasons. */
    private static String modeLine(Summary summary, boolean basic) {
        if (summary.handBack().isPresent() && !basic) {
            return ADVANCED_HAND_BACK;
        }
        if (summary.analysis().map(AnalysisOutcome::rolledBack).orElse(false)) {
            return AnalysisText.modeLine(basic);
        }
        return basic ? BASIC_DUPLICATES : ADVANCED_HANDOVER;
    }

    /** The phases' times, the upgrade's, and how long both jobs ran side by side. */
    private static void times(StringBuilder text, Summary summary) {
        line(text, "  Phases (controller states):");
        for (PhaseTime phase : summary.phases()) {
            line(
                    text,
                    "    %-24s %8s%s",
                    phase.state(),
                    ConsoleLine.seconds(phase.duration()),
                    phase.last() ? "  (final state)" : "");
        }
        summary.upgrade().ifPresent(d -> line(text, UPGRADE, ConsoleLine.seconds(d)));
        line(
                text,
                "  Both jobs RUNNING side by side:         %8s",
                ConsoleLine.seconds(summary.sideBySide()));
    }

    private static final String UPGRADE = "  Upgrade, ACTIVE_BLUE to ACTIVE_GREEN:   %8s";

    private static void adoption(StringBuilder text, AdoptedJob job) {
        line(
                text,
                "  Adopted %s: job id %s before adoption, %s after (%s); generation %d, %d",
                job.name(),
                job.jobIdBefore(),
                job.jobIdAfter(),
                job.untouched() ? "unchanged" : "CHANGED",
                job.generationBefore(),
                job.generationAfter());
    }

    private static void records(StringBuilder text, AuditCounts c) {
        line(
                text,
                "  Records in (expected): %,d   out: %,d   distinct: %,d",
                c.expected(),
                c.out(),
                c.distinct());
        c.versions().forEach(v -> version(text, v));
        line(text, "  Duplicates: %,d%s   Lost: %,d", c.duplicates(), bothWrote(c), c.lost());
    }

    private static void version(StringBuilder text, VersionOutput v) {
        line(
                text,
                "    %s wrote %,d records, ids %,d..%,d",
                v.version(),
                v.lines(),
                v.firstId(),
                v.lastId());
    }

    /** The ids both versions wrote, when there are duplicates; else empty. */
    private static String bothWrote(AuditCounts c) {
        // Interleaved id ranges without duplicates (ADVANCED: out-of-order event times around the
        // cutover) are not ids written twice.
        return c.overlap()
                .filter(ids -> c.duplicates() > 0)
                .map(
                        ids ->
                                String.format(
                                        Locale.ROOT,
                                        " (both versions wrote ids %,d..%,d)",
                                        ids[0],
                                        ids[1]))
                .orElse("");
    }

    private static void line(StringBuilder text, String format, Object... args) {
        text.append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
