package dev.bluegreen.demo;

import dev.bluegreen.demo.scenario.PipelineKind;
import dev.bluegreen.demo.summary.SummaryText;
import dev.bluegreen.demo.summary.VersionOutput;
import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.TrafficSwitch;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo's Kafka mode in ADVANCED mode: a real KRaft broker, the Kafka example job reading a fed
 * input topic and writing an output topic with exactly-once transactions, blue v1 to green v2
 * through the gate, blue stopped with a savepoint before it is deleted. The output topic, read
 * {@code read_committed}, must hold every fed record exactly once. 300 records per phase.
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
        int switched =
                demo.index(
                        e -> e instanceof TrafficSwitch t && t.color().orElse(null) == Color.GREEN);
        int blueSuspended =
                demo.index(
                        e ->
                                e instanceof ChildJob c
                                        && c.color() == Color.BLUE
                                        && c.lifecycle().equals("SUSPENDED"));
        int blueDeleted = demo.index(e -> e instanceof ChildDeleted d && d.color() == Color.BLUE);

        assertThat(switched).isNotNegative();
        assertThat(blueSuspended).isGreaterThan(switched);
        assertThat(blueDeleted).isGreaterThan(blueSuspended);
    }

    @Test
    void theOutputTopicHoldsEveryFedRecordExactlyOnce() {
        var counts = demo.run().counts();

        assertThat(counts.duplicates()).isZero();
        assertThat(counts.lost()).isZero();
        assertThat(counts.out()).isEqualTo(counts.expected()).isPositive();
        assertThat(counts.versions())
                .extracting(VersionOutput::version)
                .containsExactly("v1", "v2");
        VersionOutput blue = counts.versions().get(0);
        VersionOutput green = counts.versions().get(1);
        assertThat(blue.firstId()).isZero();
        assertThat(green.lastId()).isEqualTo(counts.expected() - 1).isGreaterThan(blue.lastId());
        System.out.printf(
                "DemoKafkaIT: fed=%d out=%d duplicates=%d lost=%d v1=%d v2=%d%n",
                counts.expected(),
                counts.out(),
                counts.duplicates(),
                counts.lost(),
                blue.lines(),
                green.lines());
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
}
