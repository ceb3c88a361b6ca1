package dev.bluegreen.operator.controller;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Drives {@link BlueGreenMetrics} through the persisted records of one parent's blue→green change,
 * as the reconciler would.
 */
final class MeterScenario {
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final BlueGreenMetrics metrics;
    private final String namespace;
    private final String name;
    private TransitionRecord current;
    private Instant now = T0;

    MeterScenario(BlueGreenMetrics metrics, String namespace, String name) {
        this.metrics = metrics;
        this.namespace = namespace;
        this.name = name;
        this.current = record(BlueGreenState.ACTIVE_BLUE);
    }

    /** Starts from a record in {@code state} (nothing recorded). */
    MeterScenario from(BlueGreenState state) {
        current = record(state);
        return this;
    }

    /** {@code seconds} later, the record moves to {@code next} for {@code reason}. */
    MeterScenario to(BlueGreenState next, Reason reason, long seconds) {
        now = now.plusSeconds(seconds);
        TransitionRecord after = record(next);
        metrics.persisted(
                namespace,
                name,
                current,
                new Plan(after, List.of(), Optional.empty(), reason, ""),
                now);
        current = after;
        return this;
    }

    /** A change that takes 95 s and completes, with a failed savepoint attempt on the way. */
    MeterScenario blueToGreen() {
        return to(BlueGreenState.SAVEPOINTING_BLUE, Reason.SAVEPOINT_REQUESTED, 5)
                .to(BlueGreenState.SAVEPOINTING_BLUE, Reason.SAVEPOINT_FAILED, 10)
                .to(BlueGreenState.TRANSITIONING_TO_GREEN, Reason.TRANSITION_STARTED, 20)
                .to(BlueGreenState.RETIRING_BLUE, Reason.TRAFFIC_SWITCHED, 60)
                .to(BlueGreenState.ACTIVE_GREEN, Reason.TRANSITION_COMPLETED, 5);
    }

    private TransitionRecord record(BlueGreenState state) {
        // the phase starts now, so that phase durations are the steps' gaps
        return TransitionRecord.initial().toBuilder()
                .state(state)
                .phaseStartedAt(now)
                .handledPromote(String.valueOf(Duration.between(T0, now).getSeconds()))
                .build();
    }
}
