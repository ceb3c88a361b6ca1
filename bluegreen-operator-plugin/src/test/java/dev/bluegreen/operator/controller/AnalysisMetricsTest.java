package dev.bluegreen.operator.controller;

import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.analysis.AnalysisStage;
import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MeasurementPhase;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.resource.AnalysisCheck;

import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** The analysis meters as Prometheus scrapes them. */
class AnalysisMetricsTest {
    static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    final CompositeMeterRegistry global = new CompositeMeterRegistry();
    final PrometheusMeterRegistry prometheus =
            new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    AnalysisMetrics metrics;

    @BeforeEach
    void wire() {
        global.add(prometheus);
        metrics = new AnalysisMetrics(global);
    }

    static MetricRequest request(AnalysisStage stage) {
        return new MetricRequest(
                "shop", "orders", stage, Color.GREEN, "orders-green", "orders-blue", null);
    }

    static AnalysisCheck check(String name) {
        var check = new AnalysisCheck();
        check.setName(name);
        return check;
    }

    @Test
    void everyMeasurementIsCountedByStageCheckAndPhaseAndTimed() {
        var runner =
                metrics.metered(
                        (check, request, now) ->
                                new Measurement(now, MeasurementPhase.FAILED, "[0.42]", ""));

        var measured =
                runner.measure(check("error-rate"), request(AnalysisStage.PRE_PROMOTION), NOW);
        runner.measure(check("error-rate"), request(AnalysisStage.PRE_PROMOTION), NOW);
        runner.measure(check("lag"), request(AnalysisStage.POST_PROMOTION), NOW);

        assertThat(measured.value()).isEqualTo("[0.42]");
        assertThat(prometheus.scrape())
                .contains(
                        "bluegreen_analysis_measurements_total{check=\"error-rate\",phase=\"failed\",stage=\"prePromotion\"} 2.0")
                .contains(
                        "bluegreen_analysis_measurements_total{check=\"lag\",phase=\"failed\",stage=\"postPromotion\"} 1.0")
                .contains("bluegreen_analysis_measurement_seconds_count{stage=\"prePromotion\"} 2")
                .contains(
                        "bluegreen_analysis_measurement_seconds_count{stage=\"postPromotion\"} 1");
    }

    @Test
    void endedRunsAreCountedByStageAndFinalPhase() {
        metrics.ended(AnalysisStage.PRE_PROMOTION, AnalysisPhase.SUCCESSFUL);
        metrics.ended(AnalysisStage.POST_PROMOTION, AnalysisPhase.FAILED);
        metrics.ended(AnalysisStage.POST_PROMOTION, AnalysisPhase.FAILED);

        assertThat(prometheus.scrape())
                .contains(
                        "bluegreen_analysis_runs_total{phase=\"successful\",stage=\"prePromotion\"} 1.0")
                .contains(
                        "bluegreen_analysis_runs_total{phase=\"failed\",stage=\"postPromotion\"} 2.0");
    }
}
