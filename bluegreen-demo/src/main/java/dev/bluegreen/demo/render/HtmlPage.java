package dev.bluegreen.demo.render;

import java.util.List;

/**
 * The self-contained timeline page: the SVG picture with its legend, the summary and the text
 * timeline, with inline CSS and nothing loaded from elsewhere. Stateless and thread-safe.
 */
public final class HtmlPage {
    private static final String CSS =
            """
            body { font-family: sans-serif; margin: 24px; color: #222; }
            pre { background: #f6f6f6; padding: 12px; font-size: 12px; overflow-x: auto; }
            svg.timeline text { font-size: 11px; fill: #222; }
            svg.timeline .lane-name { font-size: 13px; font-weight: bold; }
            .axis line { stroke: #e3e3e3; }
            .axis text { fill: #777; text-anchor: middle; }
            .bar { stroke: #fff; stroke-width: 1; }
            .bar-label { pointer-events: none; }
            .lane.controller .bar { fill: #f5c15c; }
            .lane.controller .bar.state-active-blue { fill: #7fa6ee; }
            .lane.controller .bar.state-active-green { fill: #7fc893; }
            .lane.blue .bar { fill: #c9d8f6; }
            .lane.blue .bar.state-running { fill: #3f7be0; }
            .lane.green .bar { fill: #cdebd5; }
            .lane.green .bar.state-running { fill: #34a853; }
            .bar.state-finished, .bar.state-suspended, .bar.state-canceled,
            .bar.state-suspended-blue, .bar.state-suspended-green { fill: #c4c4c4 !important; }
            .bar.state-failed, .bar.state-failing-blue, .bar.state-failing-green { fill: #d64545 !important; }
            .lane.blue .bar.state-running + .bar-label, .lane.green .bar.state-running + .bar-label { fill: #fff; }
            .marker line { stroke: #333; stroke-width: 1.5; }
            .marker.savepoint circle { fill: #7b3fbf; }
            .marker.traffic-switch polygon { fill: #e8590c; }
            .marker.traffic-switch line { stroke: #e8590c; stroke-width: 2.5; }
            .marker.traffic-switch line.across { stroke-width: 1; stroke-dasharray: 4 3; }
            .marker.teardown path { stroke: #c00; stroke-width: 2.5; }
            .marker.step rect { fill: #555; }
            .marker.adopted rect { fill: #1b8a8a; }
            .marker.check-successful circle { fill: #2f9e44; }
            .marker.check-failed circle { fill: #d64545; }
            .marker.check-other circle { fill: #999; }
            .marker.check-successful line, .marker.check-failed line, .marker.check-other line { stroke: #bbb; stroke-width: 1; }
            .marker.rollback polygon { fill: #c00; }
            .marker.rollback line { stroke: #c00; stroke-width: 2.5; }
            .legend span { display: inline-block; margin-right: 18px; }
            .swatch { display: inline-block; width: 12px; height: 12px; vertical-align: middle; margin-right: 4px; }
            """;

    /**
     * The page: 1 title, 2 style sheet, 3 picture, 4 legend, 5 summary, 6 timeline (all escaped as
     * needed by {@link #render}).
     */
    private static final String PAGE =
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>%1$s</title>
            <style>
            %2$s</style>
            </head>
            <body>
            <h1>%1$s</h1>
            <p>Time runs left to right, in seconds since the demo started. The <b>controller</b> lane shows the
            FlinkBlueGreenDeployment's state; the <b>blue</b> and <b>green</b> lanes show each child's job state
            (dark: RUNNING); an <b>analysis</b> lane, when the run has checks, shows each measurement. Hover over
            a bar or marker for details.</p>
            %3$s
            <p class="legend">%4$s</p>
            <h2>Summary</h2>
            <pre>%5$s</pre>
            <h2>Timeline</h2>
            <pre>%6$s</pre>
            </body>
            </html>
            """;

    private HtmlPage() {}

    /**
     * The page.
     *
     * @param title the heading
     * @param lanes the picture's content
     * @param summary the summary text (shown as is)
     * @param timelineLines the live timeline's lines
     */
    public static String render(
            String title, Lanes lanes, String summary, List<String> timelineLines) {
        return PAGE.formatted(
                Xml.escape(title),
                CSS,
                SvgTimeline.render(lanes),
                legend(),
                Xml.escape(summary),
                Xml.escape(String.join("\n", timelineLines)));
    }

    private static String legend() {
        return String.join(
                "\n",
                swatch("#7b3fbf", "savepoint completed (circle)"),
                swatch("#e8590c", "traffic switched to this colour (triangle)"),
                swatch("#c00", "child deleted (cross)"),
                swatch("#1b8a8a", "running deployment adopted, job untouched (square)"),
                swatch("#555", "demo step: apply, upgrade, suspend (diamond)"),
                swatch("#2f9e44", "check measurement passed (dot, analysis lane)"),
                swatch("#d64545", "check measurement failed (dot; grey: inconclusive or error)"),
                swatch("#c00", "automatic rollback (arrow pointing left)"),
                swatch("#f5c15c", "controller in a transition state"));
    }

    private static String swatch(String color, String text) {
        return "<span><span class=\"swatch\" style=\"background:%s\"></span>%s</span>"
                .formatted(color, text);
    }
}
