package dev.bluegreen.core.simulation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Random schedules that once broke the simulator itself (not the engine), replayed by seed. Seeds
 * 18984 and 25987 ran out of memory inside {@code SimulatedCluster.progress}: a child's scripted
 * failure fell due after its spec had been rewritten to suspend the run, {@code FakeChild.failRun}
 * refused it without clearing it, and the same past event was applied for ever ({@code
 * FakeChildTest} has the unit case).
 */
class SimulatorRegressionsTest {

    private static SimulationResult run(long seed, boolean holds) {
        var builder =
                TransitionSimulator.builder().policy(RandomSchedule.randomPolicy(seed, holds));
        return assertTimeoutPreemptively(
                Duration.ofSeconds(20), () -> RandomSchedule.run(builder, seed));
    }

    @Test
    void seed18984DropsTheFailureDueWhileASuspensionIsPendingAndRunsToTheEnd() {
        // When
        SimulationResult result = run(18984, false);

        // Then
        assertThat(result.trace())
                .flatExtracting(TraceLine::events)
                .anyMatch(e -> e.contains("scripted failure of run") && e.contains("dropped"));
    }

    @ParameterizedTest(name = "seed {0}, holds {1}")
    @CsvSource({"18984, true", "25987, false", "25987, true"})
    void scheduleThatOnceRanOutOfMemoryRunsToTheEnd(long seed, boolean holds) {
        // When
        SimulationResult result = run(seed, holds);

        // Then
        assertThat(result.trace()).isNotEmpty();
        assertThat(result.record().trafficColor()).isEqualTo(result.trafficColor().orElse(null));
    }
}
