package dev.bluegreen.example;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateReport;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CatchUpCheckTest {

    @Test
    void greenWithinTheBoundOfBlueHasCaughtUp() {
        // Given blue at 10 000 ms and green 500 ms behind
        List<GateReport> reports = List.of(report(Color.BLUE, 10_000), report(Color.GREEN, 9_500));

        // Then a bound of 500 ms is met and one of 499 ms is not
        assertThat(CatchUpCheck.caughtUp(reports, 500)).isTrue();
        assertThat(CatchUpCheck.caughtUp(reports, 499)).isFalse();
    }

    @Test
    void greenWithoutAReportHasNotCaughtUp() {
        assertThat(CatchUpCheck.caughtUp(List.of(report(Color.BLUE, 0)), 1_000)).isFalse();
    }

    @Test
    void greenWithoutAWatermarkHasNotCaughtUp() {
        List<GateReport> reports =
                List.of(report(Color.BLUE, Long.MIN_VALUE), report(Color.GREEN, Long.MIN_VALUE));

        assertThat(CatchUpCheck.caughtUp(reports, 1_000)).isFalse();
    }

    private static GateReport report(Color color, long watermark) {
        return GateReport.builder(color, 0, 1).times(Long.MIN_VALUE, watermark, watermark).build();
    }
}
