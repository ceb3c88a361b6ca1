package dev.bluegreen.core;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static dev.bluegreen.core.Children.running;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a readiness policy sees: derived values and the guards of its components. */
class ReadinessInputTest {
    private static final Instant NOW = Given.T0.plusSeconds(90);

    private static ReadinessInput input(ChildObservation candidate, Instant readySince) {
        return new ReadinessInput(
                Color.GREEN, candidate, running("s1"), readySince, NOW, GateObservation.none());
    }

    @Test
    void readyForIsTheTimeSinceTheCandidateWasFirstReadyAndNeverNegative() {
        assertThat(input(running("s2"), Given.T0).readyFor()).isEqualTo(Duration.ofSeconds(90));
        assertThat(input(running("s2"), NOW.plusSeconds(5)).readyFor()).isZero();
    }

    @Test
    void candidateUptimeCountsFromTheJobStartAndIsNullWhenUnknown() {
        assertThat(input(running("s2"), Given.T0).candidateUptime())
                .isEqualTo(Duration.between(Children.JOB_START, NOW));
        var noStart =
                new ChildObservation(
                        true,
                        false,
                        "s2",
                        1,
                        1,
                        false,
                        Lifecycle.STABLE,
                        JobState.RUNNING,
                        "job-s2",
                        null,
                        HealthFacts.unknown());
        assertThat(input(noStart, Given.T0).candidateUptime()).isNull();
    }

    @Test
    void candidateRestartsComeFromTheHealthFacts() {
        var facts = HealthFacts.unknown().withRestarts(3L);

        assertThat(input(running("s2", facts), Given.T0).candidateRestarts()).isEqualTo(3L);
        assertThat(input(running("s2"), Given.T0).candidateRestarts()).isNull();
    }

    @Test
    void everyComponentIsRequired() {
        var c = running("s2");
        var g = GateObservation.none();
        var t = Given.T0;
        assertThatThrownBy(() -> new ReadinessInput(null, c, c, t, t, g))
                .hasMessageContaining("incoming");
        assertThatThrownBy(() -> new ReadinessInput(Color.BLUE, null, c, t, t, g))
                .hasMessageContaining("candidate");
        assertThatThrownBy(() -> new ReadinessInput(Color.BLUE, c, null, t, t, g))
                .hasMessageContaining("incumbent");
        assertThatThrownBy(() -> new ReadinessInput(Color.BLUE, c, c, null, t, g))
                .hasMessageContaining("readySince");
        assertThatThrownBy(() -> new ReadinessInput(Color.BLUE, c, c, t, null, g))
                .hasMessageContaining("now");
        assertThatThrownBy(() -> new ReadinessInput(Color.BLUE, c, c, t, t, null))
                .hasMessageContaining("gate");
    }
}
