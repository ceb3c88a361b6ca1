package dev.bluegreen.demo.summary;

import dev.bluegreen.demo.timeline.DemoStep;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static dev.bluegreen.demo.render.EventsFixture.blueToGreen;
import static dev.bluegreen.demo.render.EventsFixture.s;
import static org.assertj.core.api.Assertions.assertThat;

class SummaryTextTest {
    static final AuditCounts COUNTS =
            new AuditCounts(
                    3_602,
                    4_990,
                    3_602,
                    1_388,
                    0,
                    List.of(
                            new VersionOutput("v1", 2_976, 0, 2_975),
                            new VersionOutput("v2", 2_014, 1_588, 3_601)));

    @Test
    void showsPhasesOverlapAndCountsPerVersion() {
        String text = SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "BASIC");

        assertThat(text)
                .startsWith("Summary (BASIC mode, 32.0s)\n")
                .contains("    TRANSITIONING_TO_GREEN       7.0s\n")
                .contains("    SUSPENDED_GREEN              2.0s  (final state)\n")
                .contains("ACTIVE_BLUE to ACTIVE_GREEN:      12.0s")
                .contains("side by side:            10.0s")
                .contains("  Records in (expected): 3,602   out: 4,990   distinct: 3,602\n")
                .contains("    v1 wrote 2,976 records, ids 0..2,975\n")
                .contains("    v2 wrote 2,014 records, ids 1,588..3,601\n")
                .contains("  Duplicates: 1,388 (both versions wrote ids 1,588..2,975)   Lost: 0\n");
    }

    @Test
    void aHandBackRunSaysWhenBlueServedAgainAndWhyNothingRepeats() {
        var events = new ArrayList<>(blueToGreen());
        String serves =
                "blue serves again 2.5 s after green failed: a record past its last one before the"
                        + " cut (id 5400); green's last committed id 5645";
        events.add(new DemoStep(s(30), serves));

        String handedBack = SummaryText.render(Summary.of(events, s(32), COUNTS), "ADVANCED", true);
        String plain =
                SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "ADVANCED", true);

        assertThat(handedBack)
                .contains("  The hand-back: " + serves + "\n")
                .contains(SummaryText.ADVANCED_HAND_BACK)
                .contains(SummaryText.KAFKA_HAND_BACK)
                .doesNotContain(SummaryText.KAFKA_ADVANCED);
        assertThat(plain)
                .contains(SummaryText.ADVANCED_HANDOVER)
                .contains(SummaryText.KAFKA_ADVANCED)
                .doesNotContain("The hand-back");
    }

    @Test
    void anAdoptionRunPrintsTheAdoptedJobsIdBeforeAndAfterAndKeepsTheCountsLine() {
        var job = new AdoptedJob("orders-live", "a1b2", "a1b2", 1, 1);

        String text =
                SummaryText.render(
                        Summary.of(blueToGreen(), s(32), COUNTS), "BASIC", false, Optional.of(job));

        assertThat(text)
                .contains(
                        "  Adopted orders-live: job id a1b2 before adoption, a1b2 after"
                                + " (unchanged); generation 1, 1\n")
                .contains("  Duplicates: 1,388 (both versions wrote ids 1,588..2,975)   Lost: 0\n");
    }

    @Test
    void anAdoptionThatChangedTheJobSaysSo() {
        var restarted = new AdoptedJob("orders-live", "a1b2", "c3d4", 1, 1);
        var respecced = new AdoptedJob("orders-live", "a1b2", "a1b2", 1, 2);
        var unknown = new AdoptedJob("orders-live", "", "", 1, 1);

        assertThat(restarted.untouched()).isFalse();
        assertThat(respecced.untouched()).isFalse();
        assertThat(unknown.untouched()).isFalse();
        assertThat(
                        SummaryText.render(
                                Summary.of(blueToGreen(), s(32), COUNTS),
                                "BASIC",
                                false,
                                Optional.of(restarted)))
                .contains("a1b2 before adoption, c3d4 after (CHANGED)");
    }

    @Test
    void aRunWithoutAdoptionPrintsNoAdoptionLine() {
        assertThat(SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "BASIC"))
                .doesNotContain("Adopted");
    }

    @Test
    void basicModeExplainsItsDuplicatesInOneLine() {
        String basic = SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "BASIC");
        String other = SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "ADVANCED");

        assertThat(basic).contains(SummaryText.BASIC_DUPLICATES);
        assertThat(SummaryText.BASIC_DUPLICATES).doesNotContain("\n");
        assertThat(other).doesNotContain(SummaryText.BASIC_DUPLICATES);
    }

    @Test
    void advancedModeExplainsTheHandOverInOneLine() {
        String advanced = SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "ADVANCED");
        String basic = SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "BASIC");

        assertThat(advanced).contains(SummaryText.ADVANCED_HANDOVER);
        assertThat(SummaryText.ADVANCED_HANDOVER).doesNotContain("\n");
        assertThat(basic).doesNotContain(SummaryText.ADVANCED_HANDOVER);
    }

    @Test
    void kafkaAddsWhatTheModeMeansForTheTopicInOneLine() {
        String basic = SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "BASIC", true);
        String advanced =
                SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "ADVANCED", true);
        String files = SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "ADVANCED");

        assertThat(basic)
                .contains(SummaryText.BASIC_DUPLICATES, SummaryText.KAFKA_BASIC)
                .doesNotContain(SummaryText.KAFKA_ADVANCED);
        assertThat(advanced)
                .contains(SummaryText.ADVANCED_HANDOVER, SummaryText.KAFKA_ADVANCED)
                .doesNotContain(SummaryText.KAFKA_BASIC);
        assertThat(files).doesNotContain("Kafka");
        assertThat(SummaryText.KAFKA_BASIC + SummaryText.KAFKA_ADVANCED).doesNotContain("\n");
    }

    @Test
    void namesTheIdsBothVersionsWroteOnlyWhenTheyOverlap() {
        var apart =
                new AuditCounts(
                        200,
                        200,
                        200,
                        0,
                        0,
                        List.of(
                                new VersionOutput("v1", 100, 0, 99),
                                new VersionOutput("v2", 100, 100, 199)));

        String text = SummaryText.render(Summary.of(blueToGreen(), s(32), apart), "BASIC");

        assertThat(apart.overlap()).isEmpty();
        assertThat(text).contains("  Duplicates: 0   Lost: 0\n");
        assertThat(COUNTS.overlap())
                .hasValueSatisfying(ids -> assertThat(ids).containsExactly(1_588, 2_975));
    }

    @Test
    void interleavedIdRangesWithoutDuplicatesAreNotCalledWrittenTwice() {
        var interleaved =
                new AuditCounts(
                        200,
                        200,
                        200,
                        0,
                        0,
                        List.of(
                                new VersionOutput("v1", 104, 0, 103),
                                new VersionOutput("v2", 96, 98, 199)));

        String text = SummaryText.render(Summary.of(blueToGreen(), s(32), interleaved), "ADVANCED");

        assertThat(interleaved.overlap()).isPresent();
        assertThat(text)
                .contains("  Duplicates: 0   Lost: 0\n")
                .doesNotContain("both versions wrote");
    }
}
