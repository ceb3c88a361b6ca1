package dev.bluegreen.demo.summary;

import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.TimelineEvent;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static dev.bluegreen.demo.render.EventsFixture.blueToGreen;
import static dev.bluegreen.demo.render.EventsFixture.s;
import static org.assertj.core.api.Assertions.assertThat;

class SummaryTest {
    static final AuditCounts COUNTS =
            new AuditCounts(
                    100,
                    120,
                    100,
                    20,
                    0,
                    List.of(
                            new VersionOutput("v1", 70, 0, 69),
                            new VersionOutput("v2", 50, 50, 99)));

    @Test
    void phasesAreTheControllerStatesWithTheTimeSpentInEach() {
        Summary summary = Summary.of(blueToGreen(), s(32), COUNTS);

        assertThat(summary.phases())
                .extracting(
                        p -> p.state() + " " + p.duration().toSeconds() + (p.last() ? " last" : ""))
                .containsExactly(
                        "INITIALIZING_BLUE 2",
                        "ACTIVE_BLUE 5",
                        "SAVEPOINTING_BLUE 1",
                        "TRANSITIONING_TO_GREEN 7",
                        "RETIRING_BLUE 4",
                        "ACTIVE_GREEN 10",
                        "SUSPENDED_GREEN 2 last");
    }

    @Test
    void theUpgradeRunsFromLeavingActiveBlueToReachingActiveGreen() {
        Summary summary = Summary.of(blueToGreen(), s(32), COUNTS);

        assertThat(summary.upgrade()).contains(s(20 - 8));
        assertThat(summary.total()).isEqualTo(s(32));
        assertThat(summary.counts()).isEqualTo(COUNTS);
    }

    @Test
    void sideBySideIsTheTimeBothJobsWereRunning() {
        // blue RUNNING 2-20 s, green RUNNING 10-30 s
        assertThat(Summary.of(blueToGreen(), s(32), COUNTS).sideBySide()).isEqualTo(s(10));
    }

    @Test
    void sideBySideAddsUpSeveralOverlapsAndCountsAJobStillRunningAtTheEnd() {
        List<TimelineEvent> events =
                List.of(
                        job(Color.BLUE, 0, "RUNNING"),
                        job(Color.GREEN, 2, "RUNNING"),
                        job(Color.GREEN, 4, "FAILED"),
                        job(Color.GREEN, 6, "RUNNING"),
                        new ChildDeleted(s(9), Color.BLUE, "orders-blue"),
                        job(Color.BLUE, 10, "RUNNING"));

        assertThat(Summary.sideBySide(events, s(12))).isEqualTo(s(2 + 3 + 2));
    }

    @Test
    void noUpgradeWhenGreenNeverBecameActive() {
        List<TimelineEvent> events = blueToGreen().subList(0, 12);

        assertThat(Summary.of(events, s(12), COUNTS).upgrade()).isEmpty();
        assertThat(Summary.of(List.of(), Duration.ZERO, COUNTS).phases()).isEmpty();
    }

    private static ChildJob job(Color color, long second, String state) {
        return new ChildJob(s(second), color, "orders-" + color.label(), "STABLE", state);
    }
}
