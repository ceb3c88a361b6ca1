package dev.bluegreen.demo;

import dev.bluegreen.demo.render.ConsoleLine;
import dev.bluegreen.demo.scenario.DemoRun;
import dev.bluegreen.demo.scenario.DemoScenario;
import dev.bluegreen.demo.scenario.DemoSettings;
import dev.bluegreen.demo.summary.VersionOutput;
import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.Timeline;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.demo.timeline.TrafficSwitch;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One run of the demo scenario for an integration test: the run, what it printed (timeline and
 * summary, also echoed to stdout for the CI log) and the HTML page it wrote.
 */
record RecordedDemo(DemoRun run, String printed, Path html) {

    /** Runs the scenario with the default settings changed by {@code settings}. */
    static RecordedDemo run(Path out, UnaryOperator<DemoSettings> settings) throws Exception {
        Path usrlib = Path.of(System.getProperty("demo.usrlib", "target/usrlib"));
        long start = System.nanoTime();
        var lines = new ByteArrayOutputStream();
        var print = new PrintStream(lines, true, StandardCharsets.UTF_8);
        var timeline = new Timeline(e -> print.println(ConsoleLine.of(e)));
        DemoSettings applied = settings.apply(DemoSettings.defaults(out, usrlib));
        DemoRun run =
                new DemoScenario(
                                applied,
                                timeline,
                                () -> Duration.ofNanos(System.nanoTime() - start))
                        .run();
        Path html = Demo.report(run, applied, print);
        String printed = lines.toString(StandardCharsets.UTF_8);
        System.out.println(printed);
        return new RecordedDemo(run, printed, html);
    }

    /** The controller states in the order the timeline saw them. */
    List<String> controllerStates() {
        return run.events().stream()
                .filter(e -> e instanceof ControllerState)
                .map(e -> ((ControllerState) e).state())
                .toList();
    }

    /** The position of the first traffic switch to {@code color}, or -1. */
    int switchedTo(Color color) {
        return index(e -> e instanceof TrafficSwitch t && t.color().orElse(null) == color);
    }

    /** The position of the deletion of {@code color}'s child, or -1. */
    int deleted(Color color) {
        return index(e -> e instanceof ChildDeleted d && d.color() == color);
    }

    /**
     * Asserts that the combined output holds every record exactly once, blue's from id 0 and
     * green's up to the last one, and prints the counts under {@code label} for the CI log.
     */
    void assertEveryRecordExactlyOnce(String label) {
        var counts = run.counts();

        assertThat(counts.lost()).isZero();
        assertThat(counts.duplicates()).isZero();
        assertThat(counts.out()).isEqualTo(counts.expected()).isPositive();
        List<VersionOutput> versions = assertBlueThenGreen();
        System.out.printf(
                "%s: expected=%d out=%d duplicates=%d lost=%d v1=%d v2=%d%n",
                label,
                counts.expected(),
                counts.out(),
                counts.duplicates(),
                counts.lost(),
                versions.get(0).lines(),
                versions.get(1).lines());
    }

    /**
     * Asserts that v1 (blue) and v2 (green) wrote, blue from id 0, green up to the last record and
     * past blue's last one.
     *
     * @return blue's and green's output, in that order
     */
    List<VersionOutput> assertBlueThenGreen() {
        var counts = run.counts();
        assertThat(counts.versions())
                .extracting(VersionOutput::version)
                .containsExactly("v1", "v2");
        VersionOutput blue = counts.versions().get(0);
        VersionOutput green = counts.versions().get(1);
        assertThat(blue.firstId()).isZero();
        assertThat(green.lastId()).isEqualTo(counts.expected() - 1).isGreaterThan(blue.lastId());
        return counts.versions();
    }

    /** The position of the last timeline event that matches, or -1. */
    int lastIndex(Predicate<TimelineEvent> matches) {
        List<TimelineEvent> events = run.events();
        for (int i = events.size() - 1; i >= 0; i--) {
            if (matches.test(events.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** The position of the first timeline event that matches, or -1. */
    int index(Predicate<TimelineEvent> matches) {
        List<TimelineEvent> events = run.events();
        for (int i = 0; i < events.size(); i++) {
            if (matches.test(events.get(i))) {
                return i;
            }
        }
        return -1;
    }
}
