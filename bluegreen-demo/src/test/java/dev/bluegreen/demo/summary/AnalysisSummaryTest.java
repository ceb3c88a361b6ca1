package dev.bluegreen.demo.summary;

import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.KubeEvent;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.demo.timeline.TrafficSwitch;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static dev.bluegreen.demo.render.EventsFixture.blueToGreen;
import static dev.bluegreen.demo.render.EventsFixture.blueToGreenAndBack;
import static dev.bluegreen.demo.render.EventsFixture.measured;
import static dev.bluegreen.demo.render.EventsFixture.s;
import static org.assertj.core.api.Assertions.assertThat;

/** The summary of a run whose green turned bad after the switch and was rolled back. */
class AnalysisSummaryTest {
    /** v1 wrote everything but what v2 wrote between the two cutovers. */
    static final AuditCounts ROLLED_BACK =
            new AuditCounts(
                    8_000,
                    8_000,
                    8_000,
                    0,
                    0,
                    List.of(
                            new VersionOutput("v1", 7_400, 0, 7_999),
                            new VersionOutput("v2", 600, 3_000, 3_599)));

    @Test
    void countsEachChecksMeasurementsByPhaseInTheOrderTheyFirstMeasured() {
        AnalysisOutcome outcome = AnalysisOutcome.of(blueToGreenAndBack()).orElseThrow();

        assertThat(outcome.checks())
                .extracting(
                        c -> c.stage() + " " + c.check() + " " + c.counts() + " " + c.lastPhase())
                .containsExactly(
                        "prePromotion error-rate 2 Successful Successful",
                        "postPromotion error-rate-after-switch 1 Failed, 2 Successful Failed");
        assertThat(outcome.checks().get(1).measurements()).isEqualTo(3);
        assertThat(outcome.checks().get(1).lastValue()).isEqualTo("[9.6]");
    }

    @Test
    void timesEachReactionFromGreenTurningBad() {
        AnalysisOutcome outcome = AnalysisOutcome.of(blueToGreenAndBack()).orElseThrow();

        assertThat(outcome.turnedBad()).contains(s(20));
        assertThat(outcome.sinceTurnedBad(outcome.errorsSeen())).contains(s(2));
        assertThat(outcome.sinceTurnedBad(outcome.firstFailed())).contains(s(4));
        assertThat(outcome.sinceTurnedBad(outcome.rollback())).contains(s(4));
        assertThat(outcome.sinceTurnedBad(outcome.trafficBack())).contains(s(6));
        assertThat(outcome.rolledBack()).isTrue();
    }

    @Test
    void theRollbackIsTheFirstOfItsStateAndItsEventAndTrafficMayMoveBeforeTheEvent() {
        // as in a real ADVANCED run: the state changes with reason Rollback and the Ingress points
        // at blue again before the Event arrives
        List<TimelineEvent> events = new ArrayList<>(blueToGreenAndBack());
        events.remove(26); // traffic back at 26 s
        events.remove(25); // the Rollback Event at 24 s
        events.add(
                25,
                new TrafficSwitch(s(24), "orders", "orders-blue-rest", Optional.of(Color.BLUE)));
        events.add(26, new KubeEvent(s(25), "e2", "orders", "Warning", KubeEvent.ROLLBACK, ""));

        AnalysisOutcome outcome = AnalysisOutcome.of(events).orElseThrow();

        assertThat(outcome.sinceTurnedBad(outcome.rollback())).contains(s(4));
        assertThat(outcome.sinceTurnedBad(outcome.trafficBack())).contains(s(4));
    }

    @Test
    void aFailedMeasurementBeforeGreenTurnedBadIsNotTheFirstFailure() {
        List<TimelineEvent> events = new ArrayList<>(blueToGreenAndBack());
        events.add(17, measured(19, "postPromotion", "error-rate-after-switch", "Failed", "[1]"));

        AnalysisOutcome outcome = AnalysisOutcome.of(events).orElseThrow();

        assertThat(outcome.firstFailed()).contains(s(24));
    }

    @Test
    void noOutcomeWithoutMeasurementsAndNoTimingWithoutTheBadStep() {
        List<TimelineEvent> noStep =
                blueToGreenAndBack().stream()
                        .filter(e -> !(e instanceof DemoStep d && d.startsWith("green turns")))
                        .toList();

        AnalysisOutcome outcome = AnalysisOutcome.of(noStep).orElseThrow();

        assertThat(AnalysisOutcome.of(blueToGreen())).isEmpty();
        assertThat(Summary.of(blueToGreen(), s(32), ROLLED_BACK).analysis()).isEmpty();
        assertThat(outcome.turnedBad()).isEmpty();
        assertThat(outcome.sinceTurnedBad(outcome.rollback())).isEmpty();
        assertThat(SummaryText.render(Summary.of(noStep, s(42), ROLLED_BACK), "ADVANCED"))
                .contains("  Analysis checks")
                .doesNotContain("Green turned bad");
    }

    @Test
    void theSummaryOfARollbackEndsOnBlueWithoutAnUpgradeLine() {
        Summary summary = Summary.of(blueToGreenAndBack(), s(42), ROLLED_BACK);

        String text = SummaryText.render(summary, "ADVANCED");

        assertThat(summary.upgrade()).isEmpty();
        assertThat(summary.finalState()).contains("SUSPENDED_BLUE");
        assertThat(summary.sideBySide()).isEqualTo(s(18));
        assertThat(text)
                .contains("    RETIRING_GREEN               4.0s\n")
                .contains("    SUSPENDED_BLUE               2.0s  (final state)\n")
                .doesNotContain("ACTIVE_BLUE to ACTIVE_GREEN")
                .contains("  Analysis checks (as the controller measured):\n")
                .contains(
                        "    prePromotion   error-rate               2 measurements (2"
                                + " Successful), last Successful with result [0]\n")
                .contains(
                        "    postPromotion  error-rate-after-switch  3 measurements (1 Failed, 2"
                                + " Successful), last Failed with result [9.6]\n")
                .contains(
                        "  Green turned bad at 20.0s; from then: errors in Prometheus +2.0s,"
                                + " first failed measurement +4.0s, rollback +4.0s, traffic back"
                                + " on blue +6.0s\n")
                .contains("  Ends on blue (SUSPENDED_BLUE): ")
                .contains("  Duplicates: 0   Lost: 0\n")
                .contains(SummaryText.ADVANCED_ROLLBACK)
                .doesNotContain(SummaryText.ADVANCED_HANDOVER);
    }

    @Test
    void basicModeExplainsTheDuplicatesOfARollbackInOneLine() {
        String text =
                SummaryText.render(Summary.of(blueToGreenAndBack(), s(42), ROLLED_BACK), "BASIC");

        assertThat(text)
                .contains(AnalysisText.BASIC_ROLLBACK)
                .doesNotContain(SummaryText.BASIC_DUPLICATES);
        assertThat(AnalysisText.BASIC_ROLLBACK + AnalysisText.ADVANCED_ROLLBACK)
                .doesNotContain("\n");
    }
}
