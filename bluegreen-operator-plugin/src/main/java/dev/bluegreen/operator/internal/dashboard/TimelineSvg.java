package dev.bluegreen.operator.internal.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A parent's state history as an inline SVG, drawn on the server: one bar per state from when it
 * was entered to the next change (the last one to {@code now}), coloured by what the state does, a
 * mark ({@code class="mark"}) at each change and one ({@code class="event-mark"}) at each event,
 * each with its text as a tooltip ({@code <title>}). Every text is escaped. Pure.
 */
final class TimelineSvg {
    static final int WIDTH = 900;
    private static final int LEFT = 10;
    private static final int BAR_Y = 30;
    private static final int BAR_HEIGHT = 24;

    private TimelineSvg() {}

    /** The SVG, or a sentence saying that nothing was observed yet. */
    static String draw(List<StateChange> changes, List<EventNote> events, Instant now) {
        Html svg = new Html();
        if (changes.isEmpty()) {
            return svg.raw(
                            "<p class=\"muted\">No state change observed since the controller"
                                    + " started.</p>")
                    .toString();
        }
        Instant from = changes.get(0).at();
        Instant to = now.isAfter(from) ? now : from.plusSeconds(1);
        svg.raw(
                "<svg class=\"timeline\" role=\"img\" aria-label=\"state timeline\" width=\""
                        + WIDTH
                        + "\" height=\"110\" viewBox=\"0 0 "
                        + WIDTH
                        + " 110\""
                        + " xmlns=\"http://www.w3.org/2000/svg\">");
        for (int i = 0; i < changes.size(); i++) {
            StateChange c = changes.get(i);
            Instant end = i + 1 < changes.size() ? changes.get(i + 1).at() : to;
            bar(svg, c, x(c.at(), from, to), x(end, from, to));
        }
        for (EventNote e : events) {
            if (!e.at().isBefore(from)) {
                eventMark(svg, e, x(e.at(), from, to));
            }
        }
        svg.raw(axisLabel(LEFT, from)).raw(axisLabel(WIDTH - 180, to));
        return svg.raw("</svg>").toString();
    }

    private static void bar(Html svg, StateChange c, int x1, int x2) {
        int width = Math.max(2, x2 - x1);
        svg.raw("<g class=\"state\" data-state=\"").text(c.state()).raw("\">");
        svg.raw(
                        String.format(
                                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>",
                                x1, BAR_Y, width, BAR_HEIGHT, fill(c.state())))
                .text(c.state() + " since " + c.at() + reason(c))
                .raw("</title></rect>");
        svg.raw(
                        String.format(
                                "<circle class=\"mark\" cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"#222\"><title>",
                                x1, BAR_Y + BAR_HEIGHT / 2))
                .text(c.state() + " at " + c.at())
                .raw("</title></circle>");
        if (width > 60) {
            svg.raw(String.format("<text x=\"%d\" y=\"%d\" font-size=\"11\">", x1 + 4, BAR_Y - 6))
                    .text(c.state())
                    .raw("</text>");
        }
        svg.raw("</g>");
    }

    private static void eventMark(Html svg, EventNote e, int x) {
        int y = BAR_Y + BAR_HEIGHT + 8;
        String fill = "Warning".equals(e.type()) ? "#c0392b" : "#555";
        svg.raw("<g class=\"event-mark\" data-reason=\"")
                .text(e.reason())
                .raw("\">")
                .raw("<path d=\"M" + x + " " + y + " l-5 10 h10 z\" fill=\"" + fill + "\">")
                .raw("<title>")
                .text(e.reason() + " at " + e.at() + ": " + e.message())
                .raw("</title></path></g>");
    }

    private static String axisLabel(int x, Instant at) {
        return "<text x=\"" + x + "\" y=\"104\" font-size=\"11\" fill=\"#555\">" + at + "</text>";
    }

    private static String reason(StateChange c) {
        return c.reason() == null ? "" : " (" + c.reason() + ")";
    }

    /** The x coordinate of {@code at} between {@code from} and {@code to}. */
    static int x(Instant at, Instant from, Instant to) {
        double span = Duration.between(from, to).toMillis();
        double offset = Duration.between(from, at).toMillis();
        double fraction = span <= 0 ? 0 : Math.max(0, Math.min(1, offset / span));
        return LEFT + (int) Math.round(fraction * (WIDTH - 2 * LEFT));
    }

    /** The fill of a state's bar: what the state does, and the serving colour when at rest. */
    static String fill(String state) {
        String role = state.contains("_") ? state.substring(0, state.lastIndexOf('_')) : state;
        return switch (role) {
            case "ACTIVE" -> state.endsWith("GREEN") ? "#2e8b57" : "#2f6fd6";
            case "SAVEPOINTING" -> "#e6a23c";
            case "TRANSITIONING_TO" -> "#8e44ad";
            case "RETIRING" -> "#95a5a6";
            case "PATCHING" -> "#16a085";
            case "SUSPENDED" -> "#bdc3c7";
            case "FAILING" -> "#c0392b";
            default -> "#7f8c8d";
        };
    }
}
