package dev.bluegreen.demo;

import dev.bluegreen.demo.summary.SummaryText;
import dev.bluegreen.demo.summary.VersionOutput;
import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.TrafficSwitch;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo scenario in ADVANCED mode (in-memory gate channel): the controller hands the output over
 * through the gate in both jobs, so the combined output has every record exactly once. A shorter
 * run than {@link DemoIT} (300 records per phase).
 */
class DemoAdvancedIT {
    static final Path OUT = Path.of("target", "demo-advanced-it");
    static RecordedDemo demo;

    @BeforeAll
    static void runTheDemoScenarioInAdvancedMode() throws Exception {
        demo =
                RecordedDemo.run(
                        OUT, settings -> settings.inMode("ADVANCED").withRecordsPerPhase(300));
    }

    @Test
    void advancedModeWritesEveryRecordExactlyOnce() {
        var counts = demo.run().counts();

        assertThat(counts.lost()).isZero();
        assertThat(counts.duplicates()).isZero();
        assertThat(counts.out()).isEqualTo(counts.expected());
        assertThat(counts.versions())
                .extracting(VersionOutput::version)
                .containsExactly("v1", "v2");
        VersionOutput blue = counts.versions().get(0);
        VersionOutput green = counts.versions().get(1);
        assertThat(blue.firstId()).isZero();
        assertThat(green.lastId()).isEqualTo(counts.expected() - 1).isGreaterThan(blue.lastId());
        System.out.printf(
                "DemoAdvancedIT: expected=%d out=%d duplicates=%d lost=%d v1=%d v2=%d%n",
                counts.expected(),
                counts.out(),
                counts.duplicates(),
                counts.lost(),
                blue.lines(),
                green.lines());
    }

    @Test
    void blueIsDeletedOnlyAfterTheSwitchToGreen() {
        List<String> states = demo.controllerStates();
        int switched =
                demo.index(
                        e -> e instanceof TrafficSwitch t && t.color().orElse(null) == Color.GREEN);
        int blueDeleted = demo.index(e -> e instanceof ChildDeleted d && d.color() == Color.BLUE);

        assertThat(states).containsSubsequence("ACTIVE_BLUE", "ACTIVE_GREEN", "SUSPENDED_GREEN");
        assertThat(switched).isNotNegative();
        assertThat(blueDeleted).isGreaterThan(switched);
    }

    @Test
    void printsTheAdvancedSummary() {
        assertThat(demo.printed())
                .contains("Summary (ADVANCED mode")
                .contains(SummaryText.ADVANCED_HANDOVER)
                .contains("Duplicates: 0")
                .contains("Lost: 0");
    }
}
