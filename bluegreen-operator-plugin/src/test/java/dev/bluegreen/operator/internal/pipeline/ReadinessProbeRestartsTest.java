package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.operator.internal.config.ReadinessChecks;
import dev.bluegreen.operator.internal.observe.ReadinessMetrics;

import io.fabric8.mockwebserver.DefaultMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static dev.bluegreen.operator.internal.pipeline.ReadinessProbeTest.in;
import static dev.bluegreen.operator.internal.pipeline.ReadinessProbeTest.job;
import static dev.bluegreen.operator.internal.pipeline.ReadinessProbeTest.observation;
import static dev.bluegreen.operator.internal.pipeline.ReadinessProbeTest.observe;
import static dev.bluegreen.operator.internal.pipeline.ReadinessProbeTest.running;
import static dev.bluegreen.operator.internal.pipeline.ReadinessProbeTest.server;
import static org.assertj.core.api.Assertions.assertThat;

/** With an extension named, readiness reads every fact and the incoming job's restarts. */
class ReadinessProbeRestartsTest {
    DefaultMockServer green = server("g1", 18_400, 3);
    DefaultMockServer blue = server("b1", 120, 9);

    @AfterEach
    void stop() {
        green.shutdown();
        blue.shutdown();
    }

    ReadinessProbe probe() {
        return new ReadinessProbe(
                new ReadinessMetrics(Duration.ofSeconds(10)),
                () -> List.of(job(Color.BLUE, blue, "b1"), job(Color.GREEN, green, "g1")),
                BacklogWindow.NONE);
    }

    @Test
    void anExtensionReadsEverythingAndTheIncomingJobsRestarts() {
        green.expect()
                .get()
                .withPath("/jobs/g1/metrics?get=numRestarts")
                .andReturn(200, "[{\"id\":\"numRestarts\",\"value\":\"2\"}]")
                .always();

        var observed =
                observe(
                        probe(),
                        in(BlueGreenState.TRANSITIONING_TO_GREEN),
                        observation(running("b1"), running("g1")),
                        ReadinessChecks.all(Duration.ZERO));

        assertThat(observed.green().health())
                .isEqualTo(HealthFacts.unknown().withReadiness(3, 18_400L, null).withRestarts(2L));
        assertThat(observed.blue().health().restarts()).isNull();
        // green: job, metric ids, sum, checkpoints, numRestarts; blue: job, metric ids, sum
        assertThat(green.getRequestCount()).isEqualTo(5);
        assertThat(blue.getRequestCount()).isEqualTo(3);
    }

    @Test
    void unreadableRestartsStayUnknown() {
        var observed =
                observe(
                        probe(),
                        in(BlueGreenState.TRANSITIONING_TO_GREEN),
                        observation(running("b1"), running("g1")),
                        new ReadinessChecks(false, false, Duration.ZERO, true));

        assertThat(observed.green().health().restarts()).isNull();
        assertThat(observed.green().health().unknownBecause()).isNull();
        assertThat(green.getRequestCount()).isEqualTo(1);
        assertThat(blue.getRequestCount()).isZero();
    }

    @Test
    void theBuiltInChecksReadNoRestarts() {
        observe(
                probe(),
                in(BlueGreenState.TRANSITIONING_TO_GREEN),
                observation(running("b1"), running("g1")),
                ReadinessProbeTest.BOTH);

        assertThat(green.getRequestCount()).isEqualTo(4);
    }
}
