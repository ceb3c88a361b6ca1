package dev.bluegreen.demo;

import dev.bluegreen.demo.summary.VersionOutput;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.SnapshotState;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's demo scenario in CI: the controller, the stand-in and the example job on the
 * embedded API, blue v1 to green v2 in BASIC mode, then the summary and the HTML page.
 */
class DemoIT {
    static final Path OUT = Path.of("target", "demo-it");
    static RecordedDemo demo;

    @BeforeAll
    static void runTheDemoScenario() throws Exception {
        demo = RecordedDemo.run(OUT, settings -> settings);
    }

    @Test
    void blueBecomesActiveThenGreen() {
        assertThat(demo.controllerStates())
                .containsSubsequence("ACTIVE_BLUE", "ACTIVE_GREEN", "SUSPENDED_GREEN");
    }

    @Test
    void trafficSwitchesToGreenBeforeBlueIsDeleted() {
        int switched = demo.switchedTo(Color.GREEN);
        int blueDeleted = demo.deleted(Color.BLUE);

        assertThat(switched).isNotNegative();
        assertThat(blueDeleted).isGreaterThan(switched);
    }

    @Test
    void theHandOverSavepointOfBlueCompleted() {
        int savepoint =
                demo.index(
                        e ->
                                e instanceof SnapshotState s
                                        && s.completed()
                                        && s.color().orElse(null) == Color.BLUE);
        int greenActive =
                demo.index(e -> e instanceof ControllerState s && s.state().equals("ACTIVE_GREEN"));

        assertThat(savepoint).isNotNegative().isLessThan(greenActive);
    }

    @Test
    void basicModeLosesNothingAndDuplicatesTheOverlap() {
        var counts = demo.run().counts();

        assertThat(counts.lost()).isZero();
        assertThat(counts.duplicates()).isPositive();
        assertThat(counts.expected()).isEqualTo(counts.distinct());
        List<VersionOutput> versions = demo.assertBlueThenGreen();
        VersionOutput blue = versions.get(0);
        VersionOutput green = versions.get(1);
        // blue wrote from id 0 (cancelled at its deletion, it may miss a few records that were
        // still in flight); green restarted inside blue's range and went on past it
        assertThat(blue.lines()).isLessThanOrEqualTo(blue.lastId() + 1);
        assertThat(green.firstId()).isBetween(1L, blue.lastId());
        // in BASIC mode, duplicates only come from the ids both wrote
        assertThat(counts.duplicates()).isLessThanOrEqualTo(blue.lastId() - green.firstId() + 1);
    }

    @Test
    void printsTheTimelineAndTheSummary() {
        assertThat(demo.printed())
                .contains("controller ACTIVE_GREEN")
                .contains("traffic    ingress orders -> ")
                .contains("Summary (BASIC mode")
                .contains("Both jobs RUNNING side by side")
                .contains("Lost: 0");
    }

    @Test
    void writesTheHtmlPageWithBothColourLanes() throws Exception {
        String page = Files.readString(demo.html());

        assertThat(demo.html()).startsWith(OUT.toAbsolutePath().normalize());
        assertThat(page)
                .contains(
                        "data-lane=\"controller\"",
                        "data-lane=\"blue\"",
                        "data-lane=\"green\"",
                        "data-marker=\"savepoint\"",
                        "data-marker=\"traffic-switch\"",
                        "data-marker=\"teardown\"");
    }
}
