package dev.bluegreen.demo;

import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.KubeEvent;
import dev.bluegreen.demo.timeline.TimelineEvent;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the runs of a green that fails after the cut share (DemoGreenFailsIT, DemoGreenKilledIT,
 * DemoKeepBoundIT): the hand-back's order on the timeline, the parent's {@code status.handback} as
 * the demo printed it, and the times from green's failure on.
 */
final class GreenFailureChecks {
    private static final Pattern HANDBACK =
            Pattern.compile(
                    "status\\.handback GREEN to BLUE from (\\d+) \\(checkpoint (\\d+), exact (\\w+),"
                            + " recovered (\\d+), lost (\\d+)\\)");

    private final RecordedDemo demo;

    GreenFailureChecks(RecordedDemo demo) {
        this.demo = demo;
    }

    /**
     * Asserts: traffic went to green, green failed after that, then RollbackToBlue, the cold
     * hand-back (OutputHandedBack) and HandBackApplied in that order; blue active again and
     * suspended at the end, green never ACTIVE.
     */
    void assertHandedBackToBlue() {
        int switched = demo.switchedTo(Color.GREEN);
        int failed = step("green fails");
        int rollback = event("RollbackToBlue");
        int handedBack = event("OutputHandedBack");
        int applied = event("HandBackApplied");

        assertThat(switched).isNotNegative().isLessThan(failed);
        assertThat(rollback).isGreaterThan(failed);
        assertThat(handedBack).isGreaterThan(failed);
        assertThat(applied).isGreaterThan(handedBack);
        assertThat(demo.controllerStates())
                .containsSubsequence(
                        "ACTIVE_BLUE",
                        "RETIRING_BLUE",
                        "RETIRING_GREEN",
                        "ACTIVE_BLUE",
                        "SUSPENDED_BLUE")
                .doesNotContain("ACTIVE_GREEN");
        assertThat(demo.deleted(Color.GREEN)).isGreaterThan(rollback);
        assertThat(demo.deleted(Color.BLUE)).isNegative();
    }

    /**
     * The parent's status.handback after the hand-back, as printed: groups 1 frontier, 2
     * checkpoint, 3 exact, 4 recovered, 5 lost.
     */
    Matcher handback() {
        Matcher m = HANDBACK.matcher(demo.printed());
        assertThat(m.find()).as("status.handback in the printed timeline").isTrue();
        return m;
    }

    /**
     * Prints, for the CI log and docs/performance.md, the seconds from green's failure to: green
     * seen FAILED, RollbackToBlue, HandBackApplied, and blue's first new record in the output.
     */
    String timesFromFailure(String label) {
        Duration failed = at(step("green fails"));
        Duration seenFailed =
                at(
                        demo.index(
                                e ->
                                        e instanceof ChildJob c
                                                && c.color() == Color.GREEN
                                                && c.jobState().equals("FAILED")));
        Duration rollback = at(event("RollbackToBlue"));
        Duration applied = at(event("HandBackApplied"));
        Duration serves = at(step("blue serves again"));
        String line =
                String.format(
                        Locale.ROOT,
                        "%s: from green's failure: seen FAILED +%.1fs, RollbackToBlue +%.1fs,"
                                + " HandBackApplied +%.1fs, blue's first new record +%.1fs",
                        label,
                        seconds(failed, seenFailed),
                        seconds(failed, rollback),
                        seconds(failed, applied),
                        seconds(failed, serves));
        System.out.println(line);
        return line;
    }

    /** Seconds from green's failure to blue's first new record in the output. */
    double secondsToBlueServing() {
        return seconds(at(step("green fails")), at(step("blue serves again")));
    }

    int event(String reason) {
        return demo.index(e -> e instanceof KubeEvent k && k.reason().equals(reason));
    }

    int step(String prefix) {
        return demo.index(e -> e instanceof DemoStep d && d.startsWith(prefix));
    }

    private Duration at(int index) {
        assertThat(index).isNotNegative();
        TimelineEvent event = demo.run().events().get(index);
        return event.at();
    }

    private static double seconds(Duration from, Duration to) {
        return (to.toMillis() - from.toMillis()) / 1000.0;
    }
}
