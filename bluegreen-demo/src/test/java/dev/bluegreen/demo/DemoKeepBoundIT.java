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
 * recovers what blue kept and reports what it could not, and at most that many records are missing
 * from the output topic read {@code read_committed} (exactly that many, none twice, when the cut is
 * exact). 300 records per phase.
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

    /**
     * When the hand-back's cut is exact, the output lacks exactly the records the gates reported
     * lost and has none twice. When it is not (a release bound that was not confirmed may have been
     * in force: the cut is taken at the frontier the controller knows for sure, before what green
     * committed), the reported count is an upper bound, since some of the unkept records after that
     * frontier were committed by green; and a record can come out twice only when blue re-emitted
     * one it kept, so duplicates are at most the recovered records.
     */
    @Test
    void theOutputLacksAtMostTheRecordsTheHandBackReportedLostAndExactlyThemWhenTheCutIsExact() {
        var counts = demo.run().counts();
        var handback = checks.handback();
        long reported = Long.parseLong(handback.group(5));
        boolean exact = Boolean.parseBoolean(handback.group(3));
        long recovered = Long.parseLong(handback.group(4));
        System.out.printf(
                "DemoKeepBoundIT: expected=%d out=%d duplicates=%d lost=%d reported lost=%d"
                        + " recovered=%d exact=%s%n",
                counts.expected(),
                counts.out(),
                counts.duplicates(),
                counts.lost(),
                reported,
                recovered,
                exact);

        assertThat(reported).isPositive();
        assertThat(counts.lost()).isPositive().isLessThanOrEqualTo(reported);
        assertThat(counts.duplicates()).isLessThanOrEqualTo(recovered);
        if (exact) {
            assertThat(counts.lost()).isEqualTo(reported);
            assertThat(counts.duplicates()).isZero();
            assertThat(counts.out()).isEqualTo(counts.expected() - reported);
        }
    }

    @Test
    void blueServesAgainWithinSecondsOfGreensFailure() {
        checks.timesFromFailure("DemoKeepBoundIT");

        assertThat(checks.secondsToBlueServing()).isPositive().isLessThan(15);
    }
}
