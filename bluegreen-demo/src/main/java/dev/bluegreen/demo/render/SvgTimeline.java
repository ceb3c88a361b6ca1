package dev.bluegreen.demo.render;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Draws {@link Lanes} as an inline SVG: a time axis, one lane per {@link Lane} shown ({@link
 * Lanes#shown()}) with a bar per state, and markers. Elements carry {@code data-lane}, {@code
 * data-state} and {@code data-marker} attributes; styling is left to the page's CSS ({@link
 * HtmlPage}). Stateless and thread-safe.
 */
public final class SvgTimeline {
    static final int WIDTH = 1000;
    static final int LEFT = 100;
    static final int RIGHT = 20;
    static final int AXIS = 28;
    static final int LANE_HEIGHT = 30;
    static final int LANE_GAP = 22;

    /** Average width of an 11 px sans-serif character: a bar shows its label only if it fits. */
    static final double LABEL_CHAR_WIDTH = 6.6;

    private static final int[] TICK_STEPS = {1, 2, 5, 10, 15, 30, 60, 120, 300};

    private SvgTimeline() {}

    /** The SVG element for {@code lanes}. */
    public static String render(Lanes lanes) {
        double scale = (WIDTH - LEFT - RIGHT) / Math.max(1.0, seconds(lanes.end()));
        List<Lane> shown = lanes.shown();
        int height = AXIS + shown.size() * (LANE_HEIGHT + LANE_GAP);
        int bottom = laneTop(shown.get(shown.size() - 1)) + LANE_HEIGHT;
        StringBuilder svg = new StringBuilder(header(height));
        axis(svg, lanes.end(), scale, height);
        for (Lane lane : shown) {
            lane(svg, lane, lanes, new Scale(scale, bottom));
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static String header(int height) {
        return String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n",
                WIDTH,
                height,
                WIDTH,
                height);
    }

    private static void axis(StringBuilder svg, Duration end, double scale, int height) {
        int step = tickStep(seconds(end));
        svg.append("<g class=\"axis\">\n");
        for (int s = 0; s <= seconds(end); s += step) {
            svg.append(tick(LEFT + s * scale, s, height));
        }
        svg.append("</g>\n");
    }

    /** A tick line at {@code x} down to {@code height}, labelled {@code s} seconds. */
    private static String tick(double x, int s, int height) {
        return String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/><text x=\"%.1f\" y=\"%d\">%ds</text>%n",
                x,
                AXIS - 6,
                x,
                height,
                x,
                AXIS - 10,
                s);
    }

    /** The smallest step that gives at most 12 ticks. */
    static int tickStep(double seconds) {
        for (int step : TICK_STEPS) {
            if (seconds / step <= 12) {
                return step;
            }
        }
        return TICK_STEPS[TICK_STEPS.length - 1];
    }

    /**
     * How the picture maps time: pixels per second, and the bottom of the lowest lane drawn.
     *
     * @param perSecond pixels per second
     * @param bottom the y of the last lane's lower edge (where a line across all lanes ends)
     */
    private record Scale(double perSecond, int bottom) {}

    private static void lane(StringBuilder svg, Lane lane, Lanes lanes, Scale scale) {
        int top = laneTop(lane);
        svg.append(laneHeader(lane, top));
        for (Bar bar : lanes.bars(lane)) {
            bar(svg, bar, top, scale.perSecond());
        }
        for (Marker marker : lanes.markers(lane)) {
            marker(svg, marker, top, scale);
        }
        svg.append("</g>\n");
    }

    /** The lane's group start and its name at the left. */
    private static String laneHeader(Lane lane, int top) {
        return String.format(
                        Locale.ROOT,
                        "<g class=\"lane %s\" data-lane=\"%s\">%n",
                        lane.label(),
                        lane.label())
                + String.format(
                        Locale.ROOT,
                        "<text class=\"lane-name\" x=\"8\" y=\"%d\">%s</text>%n",
                        top + LANE_HEIGHT / 2 + 5,
                        lane.label());
    }

    static int laneTop(Lane lane) {
        return AXIS + lane.ordinal() * (LANE_HEIGHT + LANE_GAP) + LANE_GAP / 2;
    }

    private static void bar(StringBuilder svg, Bar bar, int top, double scale) {
        double x = LEFT + seconds(bar.from()) * scale;
        double width = Math.max(1.0, seconds(bar.length()) * scale);
        String state = Xml.escape(bar.label());
        svg.append(rect(bar, x, top, width, state));
        if (width >= LABEL_CHAR_WIDTH * bar.label().length() + 6) {
            label(svg, x, top, state);
        }
    }

    /** The bar's rectangle, titled with its state and times. */
    private static String rect(Bar bar, double x, int top, double width, String state) {
        return String.format(
                Locale.ROOT,
                "<rect class=\"bar %s\" data-state=\"%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\"><title>%s %s - %s</title></rect>%n",
                cssClass(bar.label()),
                state,
                x,
                top,
                width,
                LANE_HEIGHT,
                state,
                ConsoleLine.seconds(bar.from()),
                ConsoleLine.seconds(bar.to()));
    }

    /** A bar's label, inside the bar at its left end. */
    private static void label(StringBuilder svg, double x, int top, String state) {
        svg.append(
                String.format(
                        Locale.ROOT,
                        "<text class=\"bar-label\" x=\"%.1f\" y=\"%d\">%s</text>%n",
                        x + 4,
                        top + LANE_HEIGHT / 2 + 4,
                        state));
    }

    private static void marker(StringBuilder svg, Marker marker, int top, Scale scale) {
        double x = LEFT + seconds(marker.at()) * scale.perSecond();
        String shapes =
                symbol(marker.kind(), x, top - 6)
                        + acrossAllLanes(marker.kind(), x, scale.bottom());
        svg.append(markerGroup(marker, x, top, shapes));
    }

    /** The marker's group: title, a line across its lane at {@code x}, and its {@code shapes}. */
    private static String markerGroup(Marker marker, double x, int top, String shapes) {
        String kind = marker.kind().label();
        return String.format(
                Locale.ROOT,
                "<g class=\"marker %s\" data-marker=\"%s\"><title>%s %s</title>"
                        + "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>%s</g>%n",
                kind,
                kind,
                ConsoleLine.seconds(marker.at()),
                Xml.escape(marker.label()),
                x,
                top - 6,
                x,
                top + LANE_HEIGHT + 6,
                shapes);
    }

    /** The traffic switch also gets a dashed line over every lane: it moves both colours. */
    private static String acrossAllLanes(Marker.Kind kind, double x, int bottom) {
        if (kind != Marker.Kind.TRAFFIC_SWITCH) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "<line class=\"across\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>",
                x,
                laneTop(Lane.CONTROLLER),
                x,
                bottom);
    }

    private static String symbol(Marker.Kind kind, double x, int y) {
        return switch (kind) {
            case SAVEPOINT ->
                    String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%d\" r=\"5\"/>", x, y);
            case TRAFFIC_SWITCH -> triangle(x, y);
            case TEARDOWN -> cross(x, y);
            case ADOPTED -> square(x, y);
            case STEP -> diamond(x, y);
            case CHECK_SUCCESSFUL, CHECK_FAILED, CHECK_OTHER ->
                    String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\"/>", x, y);
            case ROLLBACK -> backArrow(x, y);
        };
    }

    /** The traffic switch's symbol: a triangle pointing down at ({@code x}, {@code y} + 2). */
    private static String triangle(double x, int y) {
        return String.format(
                Locale.ROOT,
                "<polygon points=\"%.1f,%d %.1f,%d %.1f,%d\"/>",
                x - 6,
                y - 6,
                x + 6,
                y - 6,
                x,
                y + 2);
    }

    /** The rollback's symbol: a triangle pointing left, its tip at ({@code x} - 6, {@code y}). */
    private static String backArrow(double x, int y) {
        return String.format(
                Locale.ROOT,
                "<polygon points=\"%.1f,%d %.1f,%d %.1f,%d\"/>",
                x - 6,
                y,
                x + 4,
                y - 6,
                x + 4,
                y + 6);
    }

    /** The teardown's symbol: a cross centred on ({@code x}, {@code y}). */
    private static String cross(double x, int y) {
        return String.format(
                Locale.ROOT,
                "<path d=\"M%.1f %d L%.1f %d M%.1f %d L%.1f %d\"/>",
                x - 5,
                y - 5,
                x + 5,
                y + 5,
                x + 5,
                y - 5,
                x - 5,
                y + 5);
    }

    /** A demo step's symbol: a diamond centred on ({@code x}, {@code y}). */
    private static String diamond(double x, int y) {
        return String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%d\" width=\"8\" height=\"8\" transform=\"rotate(45 %.1f %d)\"/>",
                x - 4,
                y - 4,
                x,
                y);
    }

    /** The adoption's symbol: a square centred on ({@code x}, {@code y}). */
    private static String square(double x, int y) {
        return String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%d\" width=\"10\" height=\"10\"/>",
                x - 5,
                y - 5);
    }

    /** The CSS class of a state: {@code state-running}, {@code state-transitioning-to-green}. */
    static String cssClass(String state) {
        return "state-" + state.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    private static double seconds(Duration duration) {
        return duration.toMillis() / 1000.0;
    }
}
