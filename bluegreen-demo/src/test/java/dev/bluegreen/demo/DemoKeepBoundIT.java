package dev.bluegreen.demo;

import dev.bluegreen.demo.scenario.GreenFailure;
import dev.bluegreen.demo.scenario.PipelineKind;
import dev.bluegreen.demo.timeline.KubeEvent;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 34's keep window on the real stack, case 3: as {@link DemoGreenFailsIT}, but blue keeps at
 * most 40 records per gate subtask ({@code bluegreen.gate.keep.max-records}). The parent shows
 * {@code Degraded} {@code KeepBoundReached} (a Warning event) before green fails; the hand-back
 * recovers what blue kept and reports what it could not, and exactly that many records are missing
 * from the output topic read {@code read_committed}, none twice. 300 records per phase.
 */
class DemoKeepBoundIT {
    static final Path OUT = Path.of("target", "demo-keep-bound-it");
    static RecordedDemo demo;
    static GreenFailureChecks checks;

    @BeforeAll
    static void runTheKafkaDemoWithASmallKeepBound() throws Exception {
        demo =
                RecordedDemo.run(
                        OUT,
                        settings ->
                                settings.inMode("ADVANCED")
                                        .withPipeline(PipelineKind.KAFKA)
                                        .withRecordsPerPhase(300)
                                        .withGreenFailure(GreenFailure.JOB_FAILS_PAST_KEEP_BOUND));
        checks = new GreenFailureChecks(demo);
    }

    @Test
    void switchesToGreenThenHandsTheOutputBackToBlue() {
        checks.assertHandedBackToBlue();
    }

    @Test
    void theParentShowsKeepBoundReachedBeforeGreenFails() {
        int bound = checks.event("KeepBoundReached");

        assertThat(bound).isNotNegative().isLessThan(checks.step("green fails"));
        var event = (KubeEvent) demo.run().events().get(bound);
        assertThat(event.type()).isEqualTo("Warning");
        assertThat(event.message())
                .contains("orders-blue stopped keeping at bluegreen.gate.keep.max-records")
                .contains("a hand-back would lose records from event time")
                .containsPattern("\\(\\d+ dropped since without keeping\\)");
    }

    @Test
    void theOutputLacksExactlyTheRecordsTheHandBackReportedLostAndNoneTwice() {
        var counts = demo.run().counts();
        long reported = checks.reportedLost();

        assertThat(reported).isPositive();
        assertThat(counts.lost()).isEqualTo(reported);
        assertThat(counts.duplicates()).isZero();
        assertThat(counts.out()).isEqualTo(counts.expected() - reported);
        System.out.printf(
                "DemoKeepBoundIT: expected=%d out=%d duplicates=%d lost=%d reported lost=%d"
                        + " recovered=%s%n",
                counts.expected(),
                counts.out(),
                counts.duplicates(),
                counts.lost(),
                reported,
                checks.handback().group(4));
    }

    @Test
    void blueServesAgainWithinSecondsOfGreensFailure() {
        checks.timesFromFailure("DemoKeepBoundIT");

        assertThat(checks.secondsToBlueServing()).isPositive().isLessThan(15);
    }
}
