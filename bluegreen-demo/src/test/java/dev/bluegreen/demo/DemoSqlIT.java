package dev.bluegreen.demo;

import dev.bluegreen.demo.scenario.PipelineKind;
import dev.bluegreen.demo.summary.SummaryText;
import dev.bluegreen.demo.summary.VersionOutput;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo's SQL mode in ADVANCED mode: a real KRaft broker, {@code SqlRunner} running the SQL
 * window job of {@code orders-sql.yaml} (a Kafka source table, a one-second {@code TUMBLE} count
 * per key, a Kafka sink table through {@code 'connector' = 'bluegreen'}), blue v1 to green v2
 * through the gate over the product's ConfigMap channel (the controller reads the SQL gate's
 * reports through the jobs' real REST APIs). The output topic, read {@code read_committed}, must
 * hold every complete window exactly once. 300 records per phase.
 */
class DemoSqlIT {
    static final Path OUT = Path.of("target", "demo-sql-it");
    static RecordedDemo demo;

    @BeforeAll
    static void runTheSqlDemoInAdvancedMode() throws Exception {
        demo =
                RecordedDemo.run(
                        OUT,
                        settings ->
                                settings.inMode("ADVANCED")
                                        .withPipeline(PipelineKind.SQL)
                                        .withRecordsPerPhase(300));
    }

    @Test
    void blueBecomesActiveThenGreenThenGreenIsSuspended() {
        assertThat(demo.controllerStates())
                .containsSubsequence("ACTIVE_BLUE", "ACTIVE_GREEN", "SUSPENDED_GREEN");
    }

    @Test
    void theOutputTopicHoldsEveryCompleteWindowExactlyOnceBlueThenGreen() {
        var counts = demo.run().counts();
        System.out.printf(
                "DemoSqlIT: completeWindows=%d rows=%d distinct=%d duplicates=%d lost=%d %s%n",
                counts.expected(),
                counts.out(),
                counts.distinct(),
                counts.duplicates(),
                counts.lost(),
                counts.versions());

        assertThat(counts.expected()).isPositive();
        assertThat(counts.lost()).as("lost").isZero();
        assertThat(counts.duplicates()).as("duplicates").isZero();
        assertThat(counts.versions())
                .extracting(VersionOutput::version)
                .containsExactly("v1", "v2");
        assertThat(counts.versions().get(1).lastId())
                .isGreaterThan(counts.versions().get(0).lastId());
    }

    @Test
    void handsOverThroughTheConfigMapChannelAndPrintsTheSqlSummary() {
        assertThat(demo.printed())
                .contains("demo       apply orders")
                .contains("Summary (ADVANCED mode")
                .contains(SummaryText.ADVANCED_HANDOVER)
                .contains("Duplicates: 0")
                .contains("Output: topic orders-out (window counts, read_committed)")
                .containsPattern(
                        "the gate's channel, ConfigMap orders-gate, holds:"
                                + " transition=\\d+;stage=COMMITTED;cutover=\\d+");
    }
}
