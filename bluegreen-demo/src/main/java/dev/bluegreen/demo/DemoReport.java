package dev.bluegreen.demo;

import dev.bluegreen.demo.render.ConsoleLine;
import dev.bluegreen.demo.render.HtmlPage;
import dev.bluegreen.demo.render.Lanes;
import dev.bluegreen.demo.timeline.TimelineEvent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Writes the timeline picture: {@code <out>/timeline.html}. */
public final class DemoReport {
    /** The page's file name under the demo's output directory. */
    public static final String HTML = "timeline.html";

    private DemoReport() {}

    /**
     * Writes the page and returns its path.
     *
     * @param out the demo's output directory (created if absent)
     * @param events the timeline
     * @param end the picture's right edge
     * @param summary the summary text, or the failure message
     * @throws UncheckedIOException when the file cannot be written
     */
    public static Path writeHtml(
            Path out, List<TimelineEvent> events, Duration end, String summary) {
        Path file = out.resolve(HTML).toAbsolutePath().normalize();
        String page = page(events, end, summary);
        try {
            Files.createDirectories(out);
            Files.writeString(file, page, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static String page(List<TimelineEvent> events, Duration end, String summary) {
        return HtmlPage.render(
                "flink-bluegreen demo: blue to green",
                Lanes.of(events, end),
                summary,
                events.stream().map(ConsoleLine::of).toList());
    }
}
