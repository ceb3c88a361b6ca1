package dev.bluegreen.demo.summary;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.bluegreen.demo.render.EventsFixture.blueToGreen;
import static dev.bluegreen.demo.render.EventsFixture.s;
import static org.assertj.core.api.Assertions.assertThat;

class SummaryTextTest {
    static final AuditCounts COUNTS =
            new AuditCounts(10_400, 12_050, 10_400, 1_650, 0, Map.of("v2", 4_250L, "v1", 7_800L));

    @Test
    void showsPhasesOverlapAndCountsPerVersion() {
        String text = SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "BASIC");

        assertThat(text)
                .startsWith("Summary (BASIC mode, 32.0s)\n")
                .contains("    TRANSITIONING_TO_GREEN       7.0s\n")
                .contains("    SUSPENDED_GREEN              2.0s  (final state)\n")
                .contains("ACTIVE_BLUE to ACTIVE_GREEN:      12.0s")
                .contains("side by side:            10.0s")
                .contains(
                        "Records in (expected): 10,400   out: 12,050 (v1 7,800, v2 4,250)   distinct: 10,400")
                .contains("Duplicates: 1,650   Lost: 0");
    }

    @Test
    void basicModeExplainsItsDuplicatesInOneLine() {
        String basic = SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "BASIC");
        String other = SummaryText.render(Summary.of(blueToGreen(), s(32), COUNTS), "ADVANCED");

        assertThat(basic).contains(SummaryText.BASIC_DUPLICATES);
        assertThat(SummaryText.BASIC_DUPLICATES).doesNotContain("\n");
        assertThat(other).doesNotContain(SummaryText.BASIC_DUPLICATES);
    }
}
