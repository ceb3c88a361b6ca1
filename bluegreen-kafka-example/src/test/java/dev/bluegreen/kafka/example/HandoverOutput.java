package dev.bluegreen.kafka.example;

import dev.bluegreen.example.OutputAudit;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Test support: the committed output of a handover run, read after every job stopped, whose content
 * (key, event time and per-key count of every line) already matched the source.
 *
 * @param truth what the feeder sent
 * @param lines every committed output line
 * @param audit the audit of {@code lines}
 */
public record HandoverOutput(
        SourceTruth truth, List<OutputAudit.Line> lines, OutputAudit.Audit audit) {

    /** Every record sent came out exactly once: no duplicate, none lost. */
    public void assertExactlyOnce() {
        assertThat(audit.duplicates()).as("duplicates").isZero();
        assertThat(audit.lost()).as("lost").isZero();
        assertThat(audit.recordsOut())
                .as("records out")
                .isEqualTo(truth.sent())
                .isEqualTo(audit.expected());
    }
}
