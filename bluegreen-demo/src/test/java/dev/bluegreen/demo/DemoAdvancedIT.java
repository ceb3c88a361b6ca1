package dev.bluegreen.demo;

import dev.bluegreen.demo.scenario.DemoRun;
import dev.bluegreen.demo.scenario.DemoScenario;
import dev.bluegreen.demo.summary.SummaryText;
import dev.bluegreen.demo.summary.VersionOutput;
import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.Timeline;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.demo.timeline.TrafficSwitch;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo scenario in ADVANCED mode (in-memory gate channel): the controller hands the output over
 * through the gate in both jobs, so the combined output has every record exactly once. A shorter
 * run than {@link DemoIT} (300 records per phase).
 */
class DemoAdvancedIT {
    static final Path OUT = Path.of("target", "demo-advanced-it");
    static DemoRun run;
    static String printed;

    @BeforeAll
    static void runTheDemoScenarioInAdvancedMode() throws Exception {
        Path usrlib = Path.of(System.getProperty("demo.usrlib", "target/usrlib"));
        long start = System.nanoTime();
        var lines = new ByteArrayOutputStream();
        var out = new PrintStream(lines, true, StandardCharsets.UTF_8);
        var timeline = new Timeline(e -> out.println(dev.bluegreen.demo.render.ConsoleLine.of(e)));
        var settings =
                DemoScenario.Settings.defaults(OUT, usrlib)
                        .inMode("ADVANCED")
                        .withRecordsPerPhase(300);
        run =
                new DemoScenario(
                                settings,
                                timeline,
                                () -> Duration.ofNanos(System.nanoTime() - start))
                        .run();
        Demo.report(run, new DemoArgs("ADVANCED", OUT, usrlib), out);
        printed = lines.toString(StandardCharsets.UTF_8);
        System.out.println(printed);
    }

    @Test
    void advancedModeWritesEveryRecordExactlyOnce() {
        var counts = run.counts();

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
        List<String> states =
                run.events().stream()
                        .filter(e -> e instanceof ControllerState)
                        .map(e -> ((ControllerState) e).state())
                        .toList();
        int switched =
                index(e -> e instanceof TrafficSwitch t && t.color().orElse(null) == Color.GREEN);
        int blueDeleted = index(e -> e instanceof ChildDeleted d && d.color() == Color.BLUE);

        assertThat(states).containsSubsequence("ACTIVE_BLUE", "ACTIVE_GREEN", "SUSPENDED_GREEN");
        assertThat(switched).isNotNegative();
        assertThat(blueDeleted).isGreaterThan(switched);
    }

    @Test
    void printsTheAdvancedSummary() {
        assertThat(printed)
                .contains("Summary (ADVANCED mode")
                .contains(SummaryText.ADVANCED_HANDOVER)
                .contains("Duplicates: 0")
                .contains("Lost: 0");
    }

    private static int index(Predicate<TimelineEvent> matches) {
        List<TimelineEvent> events = run.events();
        for (int i = 0; i < events.size(); i++) {
            if (matches.test(events.get(i))) {
                return i;
            }
        }
        return -1;
    }
}
