package dev.bluegreen.operator.controller;

import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;

import io.micrometer.core.instrument.MeterRegistry;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * The controller's own Micrometer meters, recorded once per persisted state change:
 *
 * <ul>
 *   <li>{@code bluegreen.transitions} (counter, tag {@code outcome}: {@code completed}, {@code
 *       rolled_back}, {@code aborted}, {@code patched});
 *   <li>{@code bluegreen.failures} (counter, tag {@code reason}: the event reason of a warning
 *       plan, e.g. {@code SavepointFailed});
 *   <li>{@code bluegreen.phase.duration} (timer, tag {@code phase}: the role left, e.g. {@code
 *       savepointing}), from {@code phaseStartedAt} to the decision time.
 * </ul>
 *
 * Thread-safe (Micrometer meters are).
 */
final class BlueGreenMetrics {
    private final MeterRegistry registry;

    BlueGreenMetrics(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry == null");
    }

    /** Records a plan whose record was just persisted over {@code before}. */
    void persisted(TransitionRecord before, Plan plan, Instant now) {
        if (before.equals(plan.record())) {
            return;
        }
        String outcome = outcome(plan.reason());
        if (outcome != null) {
            registry.counter("bluegreen.transitions", "outcome", outcome).increment();
        }
        if (plan.reason().warning()) {
            registry.counter("bluegreen.failures", "reason", plan.reason().eventReason())
                    .increment();
        }
        if (before.state() != plan.next() && before.phaseStartedAt() != null) {
            Duration spent = Duration.between(before.phaseStartedAt(), now);
            registry.timer("bluegreen.phase.duration", "phase", phase(before))
                    .record(spent.isNegative() ? Duration.ZERO : spent);
        }
    }

    private static String phase(TransitionRecord record) {
        return record.state().role().name().toLowerCase(Locale.ROOT);
    }

    private static String outcome(Reason reason) {
        return switch (reason) {
            case TRANSITION_COMPLETED, FINALIZED_FORWARD -> "completed";
            case ROLLBACK, DEADLINE_EXCEEDED_ROLLBACK, CHILD_FAILED_ROLLBACK -> "rolled_back";
            case ABORTED_BY_USER -> "aborted";
            case PATCH_COMPLETED -> "patched";
            default -> null;
        };
    }
}
