package dev.bluegreen.demo;

import dev.bluegreen.demo.render.ConsoleLine;
import dev.bluegreen.demo.scenario.DemoRun;
import dev.bluegreen.demo.scenario.DemoScenario;
import dev.bluegreen.demo.scenario.DemoSettings;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.Timeline;
import dev.bluegreen.demo.timeline.TimelineEvent;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

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
