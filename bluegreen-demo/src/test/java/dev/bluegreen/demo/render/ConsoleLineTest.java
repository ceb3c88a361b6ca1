package dev.bluegreen.demo.render;

import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.TrafficSwitch;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ConsoleLineTest {

    @Test
    void linesHaveTimeSourceAndTextInAlignedColumns() {
        var state =
                new ControllerState(
                        Duration.ofMillis(12_345), "TRANSITIONING_TO_GREEN", "Soaking", "5 s left");
        var traffic =
                new TrafficSwitch(
                        Duration.ofMillis(100_060),
                        "orders",
                        "orders-green-rest",
                        Optional.of(dev.bluegreen.demo.timeline.Color.GREEN));

        String stateLine = ConsoleLine.of(state);
        String trafficLine = ConsoleLine.of(traffic);

        assertThat(stateLine)
                .isEqualTo("  12.3s  controller TRANSITIONING_TO_GREEN  Soaking: 5 s left");
        assertThat(trafficLine)
                .isEqualTo(" 100.1s  traffic    ingress orders -> orders-green-rest (green)");
        assertThat(stateLine.indexOf("TRANSITIONING")).isEqualTo(trafficLine.indexOf("ingress"));
    }

    @Test
    void measurementLinesShowStageCheckPhaseAndResult() {
        var measured =
                EventsFixture.measured(
                        24, "postPromotion", "error-rate-after-switch", "Failed", "[9.6]");
        var noValue =
                new dev.bluegreen.demo.timeline.AnalysisMeasured(
                        Duration.ofSeconds(3),
                        "prePromotion",
                        "error-rate",
                        "Error",
                        "",
                        "timeout",
                        "t");

        assertThat(ConsoleLine.of(measured))
                .isEqualTo(
                        "  24.0s  analysis   postPromotion error-rate-after-switch: Failed, result"
                                + " [9.6]");
        assertThat(ConsoleLine.of(noValue)).endsWith("prePromotion error-rate: Error (timeout)");
    }

    @Test
    void eventLinesShowTheMessageOnlyForWarnings() {
        var normal =
                new dev.bluegreen.demo.timeline.KubeEvent(
                        Duration.ofSeconds(1),
                        "orders.1",
                        "orders",
                        "Normal",
                        "TrafficSwitched",
                        "switched traffic to green");
        var warning =
                new dev.bluegreen.demo.timeline.KubeEvent(
                        Duration.ofSeconds(2),
                        "orders.2",
                        "orders",
                        "Warning",
                        "SavepointFailed",
                        "savepoint t2 FAILED");

        assertThat(ConsoleLine.of(normal)).endsWith("event      Normal TrafficSwitched on orders");
        assertThat(ConsoleLine.of(warning))
                .endsWith("event      Warning SavepointFailed on orders: savepoint t2 FAILED");
    }
}
