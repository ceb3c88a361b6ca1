package dev.bluegreen.demo;

import dev.bluegreen.demo.scenario.PipelineKind;
import dev.bluegreen.demo.summary.SummaryText;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo's Kafka mode in ADVANCED mode: a real KRaft broker, the Kafka example job reading a fed
 * input topic and writing an output topic with exactly-once transactions, blue v1 to green v2
 * through the gate over the product's ConfigMap channel (the controller reads the gates' reports
 * through the jobs' real REST APIs), blue stopped with a savepoint before it is deleted. The output
 * topic, read {@code read_committed}, must hold every fed record exactly once. 300 records per
 * phase.
 */
class DemoKafkaIT {
    static final Path OUT = Path.of("target", "demo-kafka-it");
    static RecordedDemo demo;

    @BeforeAll
    static void runTheKafkaDemoInAdvancedMode() throws Exception {
        demo =
                RecordedDemo.run(
                        OUT,
                        settings ->
                                settings.inMode("ADVANCED")
                                        .withPipeline(PipelineKind.KAFKA)
                                        .withRecordsPerPhase(300));
    }

    @Test
    void blueBecomesActiveThenGreenThenGreenIsSuspended() {
        assertThat(demo.controllerStates())
                .containsSubsequence("ACTIVE_BLUE", "ACTIVE_GREEN", "SUSPENDED_GREEN");
    }

    @Test
    void blueIsStoppedWithASavepointAfterTheSwitchAndDeletedOnlyThen() {
        int switched = demo.switchedTo(Color.GREEN);
        int blueSuspended =
                demo.index(
                        e ->
                                e instanceof ChildJob c
                                        && c.color() == Color.BLUE
                                        && c.lifecycle().equals("SUSPENDED"));
        int blueDeleted = demo.deleted(Color.BLUE);

        assertThat(switched).isNotNegative();
        assertThat(blueSuspended).isGreaterThan(switched);
        assertThat(blueDeleted).isGreaterThan(blueSuspended);
    }

    @Test
    void theOutputTopicHoldsEveryFedRecordExactlyOnce() {
        demo.assertEveryRecordExactlyOnce("DemoKafkaIT");
    }

    @Test
    void printsTheKafkaSummaryAndWhereTheBrokerLogIs() {
        assertThat(demo.printed())
                .contains("Summary (ADVANCED mode")
                .contains(SummaryText.ADVANCED_HANDOVER)
                .contains(SummaryText.KAFKA_ADVANCED)
                .contains("Duplicates: 0")
                .contains("Output: topic orders-out (read_committed)")
                .containsPattern("Kafka broker stopped; its log: .*broker\\.log");
    }

    @Test
    void handsOverThroughTheConfigMapChannelTheProductUses() {
        // the controller wrote the committed command into orders-gate on the embedded API; the
        // gates could only arm (and the controller only commit) through that ConfigMap and the
        // jobs' real REST APIs: no in-memory channel is involved
        assertThat(demo.printed())
                .containsPattern(
                        "the gate's channel, ConfigMap orders-gate, holds:"
                                + " transition=\\d+;stage=COMMITTED;cutover=\\d+");
    }
}
