package dev.bluegreen.example.policy;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.GateObservation;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.ReadinessInput;
import dev.bluegreen.core.ReadinessVerdict;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SteadyRunPolicyTest {
    static final Instant START = Instant.parse("2026-12-02T10:00:00Z");
    static final HealthFacts NO_RESTARTS = HealthFacts.unknown().withRestarts(0L);

    final SteadyRunPolicy policy = new SteadyRunPolicy(Duration.ofMinutes(10), 1.1);

    @Test
    void waitsUntilTheRunHasBeenUpForMinUptime() {
        var verdict = policy.evaluate(input(child(START, NO_RESTARTS), Duration.ofMinutes(4)));

        assertThat(verdict)
                .isEqualTo(
                        new ReadinessVerdict.WaitUntil(
                                START.plus(Duration.ofMinutes(10)),
                                "job run up 4 min of min-uptime 10 min"));
    }

    @Test
    void readyOnceUpLongEnoughWithoutRestarts() {
        var verdict = policy.evaluate(input(child(START, NO_RESTARTS), Duration.ofMinutes(10)));

        assertThat(verdict).isEqualTo(ReadinessVerdict.ready());
    }

    @Test
    void aRestartedRunIsNotReadyHoweverLongItRan() {
        var restarted = HealthFacts.unknown().withRestarts(2L);

        var verdict = policy.evaluate(input(child(START, restarted), Duration.ofHours(5)));

        assertThat(verdict)
                .isEqualTo(new ReadinessVerdict.NotReady("job run g-1 restarted 2 time(s)"));
    }

    @Test
    void unknownRestartsAreNotReadyWithTheReason() {
        var unknown = new HealthFacts(0, null, null, null, null, "REST API not readable");

        var verdict = policy.evaluate(input(child(START, unknown), Duration.ofHours(1)));

        assertThat(verdict)
                .isEqualTo(
                        new ReadinessVerdict.NotReady(
                                "restarts of job run g-1 unknown (REST API not readable); not"
                                        + " known to be steady"));
    }

    @Test
    void anUnknownStartTimeIsNotReady() {
        var verdict = policy.evaluate(input(child(null, NO_RESTARTS), Duration.ofHours(1)));

        assertThat(verdict).isInstanceOf(ReadinessVerdict.NotReady.class);
        assertThat(((ReadinessVerdict.NotReady) verdict).why()).startsWith("job start time");
    }

    @Test
    void aBacklogAboveTheRatioOfTheServingChildsIsNotReady() {
        var candidate = child(START, NO_RESTARTS.withReadiness(0, 1_200L, null));
        var serving = child(START, HealthFacts.unknown().withReadiness(0, 1_000L, null));

        var verdict = policy.evaluate(input(candidate, serving, Duration.ofMinutes(11)));

        assertThat(verdict)
                .isEqualTo(
                        new ReadinessVerdict.NotReady(
                                "backlog 1,200 records, above 1.10 x the serving child's 1,000"));
    }

    @Test
    void aBacklogWithinTheRatioOrUnknownOnEitherSideIsReady() {
        var within = child(START, NO_RESTARTS.withReadiness(0, 1_100L, null));
        var unknownBacklog = child(START, NO_RESTARTS);
        var serving = child(START, HealthFacts.unknown().withReadiness(0, 1_000L, null));
        var servingUnknown = child(START, HealthFacts.unknown());
        var later = Duration.ofMinutes(11);

        assertThat(policy.evaluate(input(within, serving, later)))
                .isEqualTo(ReadinessVerdict.ready());
        assertThat(policy.evaluate(input(unknownBacklog, serving, later)))
                .isEqualTo(ReadinessVerdict.ready());
        assertThat(policy.evaluate(input(within, servingUnknown, later)))
                .isEqualTo(ReadinessVerdict.ready());
    }

    @Test
    void refusesNegativeBounds() {
        assertThatThrownBy(() -> new SteadyRunPolicy(Duration.ofSeconds(-1), 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("minUptime");
        assertThatThrownBy(() -> new SteadyRunPolicy(Duration.ZERO, -0.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxBacklogRatio");
        assertThatThrownBy(() -> new SteadyRunPolicy(Duration.ZERO, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void durationTextReadsLikeTheOptions() {
        assertThat(SteadyRunPolicy.text(Duration.ZERO)).isEqualTo("0 s");
        assertThat(SteadyRunPolicy.text(Duration.ofSeconds(3725))).isEqualTo("1 h 2 min 5 s");
        assertThat(SteadyRunPolicy.text(Duration.ofHours(2))).isEqualTo("2 h");
    }

    static ReadinessInput input(ChildObservation candidate, Duration sinceStart) {
        return input(candidate, ChildObservation.absent(), sinceStart);
    }

    static ReadinessInput input(
            ChildObservation candidate, ChildObservation incumbent, Duration sinceStart) {
        Instant now = START.plus(sinceStart);
        return new ReadinessInput(
                Color.GREEN, candidate, incumbent, now, now, GateObservation.none());
    }

    static ChildObservation child(Instant jobStart, HealthFacts health) {
        return new ChildObservation(
                true,
                false,
                "v1",
                1,
                1,
                false,
                Lifecycle.STABLE,
                JobState.RUNNING,
                "g-1",
                jobStart,
                health);
    }
}
