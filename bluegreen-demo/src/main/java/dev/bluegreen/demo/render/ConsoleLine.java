package dev.bluegreen.demo.render;

import dev.bluegreen.demo.timeline.TimelineEvent;

import java.time.Duration;
import java.util.Locale;

/**
 * One line of the live timeline: time since start, source, text, e.g. {@code " 12.4s controller
 * TRANSITIONING_TO_GREEN Soaking: ..."}. Stateless and thread-safe.
 */
public final class ConsoleLine {
    /** Width of the source column: the longest source, {@code controller}, plus a space. */
    static final int SOURCE_WIDTH = 11;

    private ConsoleLine() {}

    /** The line for {@code event}, without a trailing newline. */
    public static String of(TimelineEvent event) {
        return String.format(
                Locale.ROOT,
                "%7s  %-" + SOURCE_WIDTH + "s%s",
                seconds(event.at()),
                event.source(),
                event.text());
    }

    /** A duration as seconds with one decimal, e.g. {@code 12.4s}. */
    public static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.1fs", duration.toMillis() / 1000.0);
    }
}
