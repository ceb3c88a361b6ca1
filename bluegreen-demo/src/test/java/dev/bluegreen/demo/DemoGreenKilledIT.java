package dev.bluegreen.demo;

import dev.bluegreen.demo.scenario.GreenFailure;
import dev.bluegreen.demo.scenario.PipelineKind;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 34's keep window on the real stack, case 2: as {@link DemoGreenFailsIT}, but green's
 * TaskManager is killed (the stand-in's {@code kill-task-manager-when-file}) between two of its
 * checkpoints, so its open Kafka transaction is aborted: what green wrote after its last completed
 * checkpoint never shows {@code read_committed}, and blue re-emits it from the frontier of that
 * checkpoint. Every fed record exactly once. 300 records per phase.
 */
class DemoGreenKilledIT {
    static final Path OUT = Path.of("target", "demo-green-killed-it");
    static RecordedDemo demo;
    static GreenFailureChecks checks;

    @BeforeAll
    static void runTheKafkaDemoWithGreensTaskManagerKilledAfterTheCut() throws Exception {
        demo =
                RecordedDemo.run(
                        OUT,
                        settings ->
                                settings.inMode("ADVANCED")
                                        .withPipeline(PipelineKind.KAFKA)
                                        .withRecordsPerPhase(300)
                                        .withGreenFailure(GreenFailure.TASK_MANAGER_KILLED));
        checks = new GreenFailureChecks(demo);
    }

    @Test
    void switchesToGreenThenHandsTheOutputBackToBlue() {
        checks.assertHandedBackToBlue();
    }

    @Test
    void theParentNamesGreensErrorAndAnExactHandBack() {
        var handback = checks.handback();

        assertThat(handback.group(3)).isEqualTo("true");
        assertThat(handback.group(5)).isEqualTo("0");
        assertThat(demo.printed())
                .containsPattern(
                        "after the hand-back: .*Degraded=True \\w+: .*orders-green: .*The TaskExecutor"
                                + " is shutting down");
    }

    @Test
    void theOutputTopicHoldsEveryFedRecordExactlyOnceFromBlueGreenThenBlue() {
        var counts = demo.run().counts();

        assertThat(counts.lost()).isZero();
        assertThat(counts.duplicates()).isZero();
        assertThat(counts.out()).isEqualTo(counts.expected()).isPositive();
        assertThat(counts.versions()).extracting(v -> v.version()).containsExactly("v1", "v2");
        var blue = counts.versions().get(0);
        var green = counts.versions().get(1);
        assertThat(blue.lastId()).isEqualTo(counts.expected() - 1);
        assertThat(green.lastId()).isLessThan(blue.lastId());
        System.out.printf(
                "DemoGreenKilledIT: expected=%d out=%d duplicates=%d lost=%d v1=%d v2=%d (ids %d..%d)%n",
                counts.expected(),
                counts.out(),
                counts.duplicates(),
                counts.lost(),
                blue.lines(),
                green.lines(),
                green.firstId(),
                green.lastId());
    }

    @Test
    void blueServesAgainWithinSecondsOfGreensFailure() {
        checks.timesFromFailure("DemoGreenKilledIT");

        assertThat(checks.secondsToBlueServing()).isPositive().isLessThan(15);
    }
}
