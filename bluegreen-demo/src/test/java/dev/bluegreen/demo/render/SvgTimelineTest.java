package dev.bluegreen.demo.render;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.bluegreen.demo.render.EventsFixture.blueToGreen;
import static dev.bluegreen.demo.render.EventsFixture.blueToGreenAndBack;
import static dev.bluegreen.demo.render.EventsFixture.s;
import static org.assertj.core.api.Assertions.assertThat;

class SvgTimelineTest {

    @Test
    void drawsTheControllerLaneAndOneLanePerColourInOrder() {
        String svg = SvgTimeline.render(Lanes.of(blueToGreen(), s(32)));

        assertThat(svg).startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"");
        assertThat(svg.indexOf("data-lane=\"controller\""))
                .isPositive()
                .isLessThan(svg.indexOf("data-lane=\"blue\""));
        assertThat(svg.indexOf("data-lane=\"blue\""))
                .isLessThan(svg.indexOf("data-lane=\"green\""));
    }

    @Test
    void eachLaneHoldsItsBarsAndMarkers() {
        String svg = SvgTimeline.render(Lanes.of(blueToGreen(), s(32)));

        String blue = lane(svg, "blue");
        String green = lane(svg, "green");
        assertThat(count(blue, "data-state=\"RUNNING\"")).isEqualTo(1);
        assertThat(count(blue, "data-marker=\"savepoint\"")).isEqualTo(1);
        assertThat(count(blue, "data-marker=\"teardown\"")).isEqualTo(1);
        assertThat(count(green, "data-marker=\"traffic-switch\"")).isEqualTo(1);
        assertThat(count(green, "<line class=\"across\"")).isEqualTo(1);
        assertThat(count(green, "data-marker=\"teardown\"")).isZero();
        assertThat(count(lane(svg, "controller"), "<rect class=\"bar")).isEqualTo(7);
    }

    @Test
    void anAnalysisRunGetsAFourthLaneWithAColouredDotPerMeasurement() {
        String svg = SvgTimeline.render(Lanes.of(blueToGreenAndBack(), s(42)));

        String analysis = lane(svg, "analysis");
        assertThat(svg.indexOf("data-lane=\"analysis\""))
                .isGreaterThan(svg.indexOf("data-lane=\"green\""));
        assertThat(count(analysis, "data-marker=\"check-successful\"")).isEqualTo(4);
        assertThat(count(analysis, "data-marker=\"check-failed\"")).isEqualTo(1);
        assertThat(count(analysis, "<circle ")).isEqualTo(5);
        assertThat(analysis)
                .contains(
                        "<title>24.0s postPromotion error-rate-after-switch: Failed, result [9.6]");
        assertThat(count(lane(svg, "controller"), "data-marker=\"rollback\"")).isEqualTo(1);
        int fourLanes = SvgTimeline.AXIS + 4 * (SvgTimeline.LANE_HEIGHT + SvgTimeline.LANE_GAP);
        assertThat(svg).contains("height=\"" + fourLanes + "\"");
    }

    @Test
    void aRunWithoutChecksHasNoAnalysisLaneAndTheSwitchLineEndsAtGreen() {
        String svg = SvgTimeline.render(Lanes.of(blueToGreen(), s(32)));

        int threeLanes = SvgTimeline.AXIS + 3 * (SvgTimeline.LANE_HEIGHT + SvgTimeline.LANE_GAP);
        int greenBottom = SvgTimeline.laneTop(Lane.GREEN) + SvgTimeline.LANE_HEIGHT;
        assertThat(svg).doesNotContain("data-lane=\"analysis\"");
        assertThat(svg).contains("height=\"" + threeLanes + "\"");
        assertThat(lane(svg, "green"))
                .containsPattern("class=\"across\"[^>]* y2=\"" + greenBottom + "\"");
    }

    @Test
    void theSwitchLineCrossesTheAnalysisLaneToo() {
        String svg = SvgTimeline.render(Lanes.of(blueToGreenAndBack(), s(42)));

        int analysisBottom = SvgTimeline.laneTop(Lane.ANALYSIS) + SvgTimeline.LANE_HEIGHT;
        assertThat(lane(svg, "green"))
                .containsPattern("class=\"across\"[^>]* y2=\"" + analysisBottom + "\"");
    }

    @Test
    void barsArePlacedOnTheTimeScale() {
        String svg = SvgTimeline.render(Lanes.of(blueToGreen(), s(32)));

        // blue RUNNING from 2 s to 20 s on a 32 s axis of 880 px starting at x=100
        double perSecond = (SvgTimeline.WIDTH - SvgTimeline.LEFT - SvgTimeline.RIGHT) / 32.0;
        Matcher bar =
                Pattern.compile(
                                "data-state=\"RUNNING\" x=\"([0-9.]+)\" y=\"[0-9]+\" width=\"([0-9.]+)\"")
                        .matcher(lane(svg, "blue"));
        assertThat(bar.find()).isTrue();
        assertThat(Double.parseDouble(bar.group(1)))
                .isCloseTo(100 + 2 * perSecond, org.assertj.core.data.Offset.offset(0.1));
        assertThat(Double.parseDouble(bar.group(2)))
                .isCloseTo(18 * perSecond, org.assertj.core.data.Offset.offset(0.1));
    }

    @Test
    void labelsOnlyBarsWideEnoughForTheirText() {
        String controller = lane(SvgTimeline.render(Lanes.of(blueToGreen(), s(32))), "controller");

        // 7 s of 32 s is about 190 px; 1 s about 27 px
        assertThat(controller).contains(">TRANSITIONING_TO_GREEN</text>");
        assertThat(controller).doesNotContain(">SAVEPOINTING_BLUE</text>");
    }

    @Test
    void escapesTextFromTheCluster() {
        var events =
                java.util.List.<dev.bluegreen.demo.timeline.TimelineEvent>of(
                        new dev.bluegreen.demo.timeline.DemoStep(
                                s(1), "apply <orders> & \"more\""));

        String svg = SvgTimeline.render(Lanes.of(events, s(2)));

        assertThat(svg)
                .contains("apply &lt;orders&gt; &amp; &quot;more&quot;")
                .doesNotContain("<orders>");
    }

    @ParameterizedTest(name = "{0} s -> every {1} s")
    @CsvSource({"5, 1", "12, 1", "13, 2", "50, 5", "100, 10", "170, 15", "400, 60"})
    void axisTicksStayAtMostTwelve(double seconds, int step) {
        assertThat(SvgTimeline.tickStep(seconds)).isEqualTo(step);
    }

    private static String lane(String svg, String lane) {
        int start = svg.indexOf("data-lane=\"" + lane + "\"");
        int end = svg.indexOf("<g class=\"lane", start);
        return svg.substring(start, end < 0 ? svg.length() : end);
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
