package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.summary.AuditCounts;
import dev.bluegreen.demo.summary.VersionOutput;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.bluegreen.demo.scenario.OutputProgressTest.line;
import static org.assertj.core.api.Assertions.assertThat;

class OutputCountsTest {

    @Test
    void countsDuplicatesAndPerVersionRangesAgainstTheLargestIdWithoutRecordsIn() {
        var lines =
                List.of(line(0, "v1"), line(1, "v1"), line(2, "v1"), line(2, "v2"), line(3, "v2"));

        AuditCounts counts = OutputCounts.of(lines, 0);

        assertThat(counts.expected()).isEqualTo(4);
        assertThat(counts.out()).isEqualTo(5);
        assertThat(counts.distinct()).isEqualTo(4);
        assertThat(counts.duplicates()).isEqualTo(1);
        assertThat(counts.lost()).isZero();
        assertThat(counts.versions())
                .containsExactly(
                        new VersionOutput("v1", 3, 0, 2), new VersionOutput("v2", 2, 2, 3));
    }

    @Test
    void recordsFedButNeverWrittenAreLostEvenAfterTheLargestWrittenId() {
        var lines = List.of(line(0, "v1"), line(2, "v2"));

        AuditCounts counts = OutputCounts.of(lines, 5);

        assertThat(counts.expected()).isEqualTo(5);
        assertThat(counts.distinct()).isEqualTo(2);
        assertThat(counts.lost()).isEqualTo(3);
        assertThat(counts.duplicates()).isZero();
    }

    @Test
    void noOutputIsAllLost() {
        AuditCounts counts = OutputCounts.of(List.of(), 3);

        assertThat(counts.out()).isZero();
        assertThat(counts.lost()).isEqualTo(3);
        assertThat(counts.versions()).isEmpty();
    }
}
