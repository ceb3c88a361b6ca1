package dev.bluegreen.operator.controller;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Reason;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

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
    void theMetersAreSearchedOnceByAController() {
        var counting = new CountingRegistry();
        var states = new BlueGreenMetrics(counting, ParentMemory.forController(counting));

        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 100; i++) {
                states.observed("ns", "parent-" + i, "ACTIVE_BLUE");
            }
        }
        states.observed("ns", "parent-7", "SAVEPOINTING_BLUE");

        assertThat(counting.searches).isEqualTo(1);
        assertThat(counting.find(ParentStates.STATE).gauges()).hasSize(100);
        assertThat(counting.find(ParentStates.STATE).tag("name", "parent-7").gauges())
                .singleElement()
                .satisfies(
                        g -> assertThat(g.getId().getTag("state")).isEqualTo("SAVEPOINTING_BLUE"));
    }

    @Test
    void aControllerStartedAgainTakesOverTheSeriesOfTheLastOne() {
        metrics.observed("ns", "orders", "ACTIVE_BLUE");
        metrics.observed("ns", "other", "ACTIVE_BLUE");
        var again = new BlueGreenMetrics(global, ParentMemory.forController(global));

        again.observed("ns", "orders", "ACTIVE_BLUE");
        again.observed("ns", "other", "SAVEPOINTING_BLUE");
        again.observed("ns", "other", "ACTIVE_GREEN");

        assertThat(global.find(ParentStates.STATE).gauges())
                .extracting(g -> g.getId().getTag("name") + "=" + g.getId().getTag("state"))
                .containsExactlyInAnyOrder("orders=ACTIVE_BLUE", "other=ACTIVE_GREEN");
    }

    @Test
    void aStateSeenAgainAfterAnUnreadableStatusOrADeletionHasItsSeriesBack() {
        metrics.observed("ns", "orders", "ACTIVE_BLUE");
        metrics.observed("ns", "orders", "NOT_A_STATE");
        metrics.observed("ns", "orders", "ACTIVE_BLUE");
        metrics.observed("ns", "other", "ACTIVE_GREEN");
        memory.forget(DeletedChildrenTest.parent("ns", "other"));
        metrics.observed("ns", "other", "ACTIVE_GREEN");

        assertThat(prometheus.scrape())
                .contains(
                        "bluegreen_parent_state{name=\"orders\",namespace=\"ns\",state=\"ACTIVE_BLUE\"} 1")
                .contains(
                        "bluegreen_parent_state{name=\"other\",namespace=\"ns\",state=\"ACTIVE_GREEN\"} 1");
    }

    /** A registry that counts the searches through all of its meters. */
    private static final class CountingRegistry extends SimpleMeterRegistry {
        int searches;

        @Override
        public List<Meter> getMeters() {
            searches++;
            return super.getMeters();
        }
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
