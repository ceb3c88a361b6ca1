package dev.bluegreen.demo.render;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.bluegreen.demo.render.EventsFixture.blueToGreen;
import static dev.bluegreen.demo.render.EventsFixture.blueToGreenAndBack;
import static dev.bluegreen.demo.render.EventsFixture.s;
import static org.assertj.core.api.Assertions.assertThat;

class HtmlPageTest {

    @Test
    void pageIsSelfContainedWithPictureSummaryAndTimeline() {
        String html =
                HtmlPage.render(
                        "demo",
                        Lanes.of(blueToGreen(), s(32)),
                        "Duplicates: 3 < 4",
                        List.of("  1.0s  blue       orders-blue"));

        assertThat(html)
                .startsWith("<!DOCTYPE html>")
                .contains("<style>")
                .contains("<svg ")
                .contains("data-lane=\"blue\"")
                .contains("data-lane=\"green\"")
                .contains("Duplicates: 3 &lt; 4")
                .contains("1.0s  blue       orders-blue");
        assertThat(html).doesNotContain("src=").doesNotContain("href=").doesNotContain("@import");
    }

    @Test
    void theLegendAndStylesExplainTheAnalysisMarkers() {
        String html =
                HtmlPage.render(
                        "demo", Lanes.of(blueToGreenAndBack(), s(42)), "summary", List.of());

        assertThat(html)
                .contains("data-lane=\"analysis\"")
                .contains(".marker.check-successful circle")
                .contains(".marker.check-failed circle")
                .contains(".marker.rollback polygon")
                .contains("check measurement passed")
                .contains("automatic rollback");
    }
}
