package dev.bluegreen.demo;

import dev.bluegreen.demo.summary.SummaryText;
import dev.bluegreen.demo.timeline.Color;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo scenario in ADVANCED mode over the product's ConfigMap gate channel: the controller
 * writes {@code orders-gate} on the embedded API, the stand-in's real jobs poll it, and the
 * controller reads their reports through their MiniClusters' real REST APIs; the output is handed
 * over through the gate in both jobs, so the combined output has every record exactly once. A
 * shorter run than {@link DemoIT} (300 records per phase).
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
        demo.assertEveryRecordExactlyOnce("DemoAdvancedIT");
    }

    @Test
    void blueIsDeletedOnlyAfterTheSwitchToGreen() {
        List<String> states = demo.controllerStates();
        int switched = demo.switchedTo(Color.GREEN);
        int blueDeleted = demo.deleted(Color.BLUE);

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
