package dev.bluegreen.operator.controller;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Reason;

import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The controller's meters as Prometheus scrapes them, recorded in a composite registry with a
 * Prometheus child, as Micrometer's global registry is in the standalone process.
 */
class BlueGreenMetricsTest {
    final CompositeMeterRegistry global = new CompositeMeterRegistry();
    final PrometheusMeterRegistry prometheus =
            new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    final ParentMemory memory = ParentMemory.forController(global);
    BlueGreenMetrics metrics;

    @BeforeEach
    void wire() {
        global.add(prometheus);
        metrics = new BlueGreenMetrics(global, memory);
    }

    @Test
    void theStateGaugeFollowsTheParentAndKeepsOneSeriesPerParent() {
        metrics.observed("ns", "orders", "ACTIVE_BLUE");
        assertThat(prometheus.scrape())
                .contains(
                        "bluegreen_parent_state{name=\"orders\",namespace=\"ns\",state=\"ACTIVE_BLUE\"} 1");

        new MeterScenario(metrics, "ns", "orders").blueToGreen();

        assertThat(prometheus.scrape())
                .contains(
                        "bluegreen_parent_state{name=\"orders\",namespace=\"ns\",state=\"ACTIVE_GREEN\"} 1")
                .doesNotContain("state=\"ACTIVE_BLUE\"")
                .doesNotContain("state=\"RETIRING_BLUE\"");
        assertThat(global.find("bluegreen.parent.state").gauges()).hasSize(1);
    }

    @Test
    void theInFlightCountCountsParentsInAChange() {
        metrics.observed("ns", "a", "SAVEPOINTING_BLUE");
        metrics.observed("ns", "b", "TRANSITIONING_TO_GREEN");
        metrics.observed("ns", "c", "ACTIVE_BLUE");
        metrics.observed("ns", "d", "FAILING_GREEN");

        assertThat(prometheus.scrape()).contains("bluegreen_transitions_in_flight 2");

        metrics.observed("ns", "a", "ACTIVE_GREEN");
        assertThat(prometheus.scrape()).contains("bluegreen_transitions_in_flight 1");
    }

    @Test
    void aDeletedParentLeavesNoSeries() {
        new MeterScenario(metrics, "ns", "orders")
                .to(BlueGreenState.SAVEPOINTING_BLUE, Reason.SAVEPOINT_REQUESTED, 1);

        memory.forget(DeletedChildrenTest.parent("ns", "orders"));

        assertThat(prometheus.scrape())
                .doesNotContain("bluegreen_parent_state{")
                .contains("bluegreen_transitions_in_flight 0");
    }

    @Test
    void anUnknownStateTextLeavesNoSeries() {
        metrics.observed("ns", "orders", "ACTIVE_BLUE");

        metrics.observed("ns", "orders", "NOT_A_STATE");

        assertThat(prometheus.scrape()).doesNotContain("bluegreen_parent_state{");
    }

    @Test
    void aChangeIsTimedFromItsStartToTheEndOfItsInFlightStates() {
        new MeterScenario(metrics, "ns", "orders").blueToGreen();

        String scrape = prometheus.scrape();
        assertThat(scrape)
                .contains("bluegreen_transitions_total{outcome=\"completed\"} 1")
                .contains("bluegreen_failures_total{reason=\"SavepointFailed\"} 1")
                .contains("bluegreen_transition_duration_seconds_count{outcome=\"completed\"} 1")
                .contains("bluegreen_transition_duration_seconds_sum{outcome=\"completed\"} 95")
                .contains(
                        "bluegreen_transition_duration_seconds_bucket{outcome=\"completed\",le=\"60.0\"} 0")
                .contains(
                        "bluegreen_transition_duration_seconds_bucket{outcome=\"completed\",le=\"120.0\"} 1")
                .contains("bluegreen_phase_duration_seconds_count{phase=\"savepointing\"} 1");
    }

    @Test
    void aChangeWhoseStartWasNotSeenIsNotTimed() {
        // given a controller that starts while the parent is already retiring blue
        new MeterScenario(metrics, "ns", "orders")
                .to(BlueGreenState.RETIRING_BLUE, Reason.TRAFFIC_SWITCHED, 1);
        var restarted = new BlueGreenMetrics(global, new ParentMemory());

        // when the change completes under the new one
        new MeterScenario(restarted, "ns", "orders")
                .from(BlueGreenState.RETIRING_BLUE)
                .to(BlueGreenState.RETIRING_BLUE, Reason.WAITING_TO_RETIRE, 1)
                .to(BlueGreenState.ACTIVE_GREEN, Reason.TRANSITION_COMPLETED, 5);

        // then it is counted, not timed, and the state series is the new controller's
        assertThat(prometheus.scrape())
                .contains("bluegreen_transitions_total{outcome=\"completed\"} 1")
                .doesNotContain("bluegreen_transition_duration_seconds_count")
                .contains("state=\"ACTIVE_GREEN\"")
                .doesNotContain("state=\"RETIRING_BLUE\"");
    }
}
