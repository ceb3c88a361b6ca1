package dev.bluegreen.operator.controller;

import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

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
 *       savepointing}), from {@code phaseStartedAt} to the decision time;
 *   <li>{@code bluegreen.transition.duration} (timer, tag {@code outcome}, SLO buckets from 30 s to
 *       1 h): from the decision that started a change (the first reconcile after the spec changed)
 *       to the one that left the in-flight states. A change whose start this controller did not see
 *       (it started before a restart or under another leader) is not timed;
 *   <li>the per-parent state gauge and the in-flight count ({@link ParentStates}), also updated
 *       from the status read at the start of every reconcile.
 * </ul>
 *
 * Thread-safe (Micrometer meters are; the start of a change in flight is a part of {@link
 * ParentMemory}, which forgets it and the parent's series when the parent is deleted).
 */
final class BlueGreenMetrics {
    static final String TRANSITIONS = "bluegreen.transitions";
    static final String FAILURES = "bluegreen.failures";
    static final String PHASE_DURATION = "bluegreen.phase.duration";
    static final String TRANSITION_DURATION = "bluegreen.transition.duration";

    private static final Duration[] TRANSITION_BUCKETS = {
        Duration.ofSeconds(30),
        Duration.ofMinutes(1),
        Duration.ofMinutes(2),
        Duration.ofMinutes(5),
        Duration.ofMinutes(10),
        Duration.ofMinutes(30),
        Duration.ofHours(1)
    };

    private final MeterRegistry registry;
    private final ParentStates states;
    private final ParentMemory memory;

    /** When a change in flight started, and its outcome once one is known (or null). */
    record Started(Instant at, String outcome) {}

    /** Meters in {@code registry}, the start of each change in flight kept in {@code memory}. */
    BlueGreenMetrics(MeterRegistry registry, ParentMemory memory) {
        this.registry = Objects.requireNonNull(registry, "registry == null");
        this.memory = Objects.requireNonNull(memory, "memory == null");
        this.states = new ParentStates(registry, memory);
    }

    /** The state read from the parent's status at the start of a reconcile (may be null). */
    void observed(String namespace, String name, String state) {
        if (state != null) {
            states.set(namespace, name, state);
        }
    }

    /** Records a plan whose record was just persisted over {@code before}. */
    void persisted(String namespace, String name, TransitionRecord before, Plan plan, Instant now) {
        if (before.equals(plan.record())) {
            return;
        }
        states.set(namespace, name, plan.next());
        String outcome = outcome(plan.reason());
        if (outcome != null) {
            counter(TRANSITIONS, "Changes that ended, by outcome", "outcome", outcome).increment();
        }
        if (plan.reason().warning()) {
            counter(FAILURES, "Warnings, by event reason", "reason", plan.reason().eventReason())
                    .increment();
        }
        if (before.state() != plan.next() && before.phaseStartedAt() != null) {
            Timer.builder(PHASE_DURATION)
                    .description("Time spent in a phase, by the phase left")
                    .tag("phase", phase(before))
                    .register(registry)
                    .record(nonNegative(Duration.between(before.phaseStartedAt(), now)));
        }
        timeChange(namespace + "/" + name, before, plan, outcome, now);
    }

    private void timeChange(
            String key, TransitionRecord before, Plan plan, String outcome, Instant now) {
        ParentMemory.Kept kept = memory.of(key);
        Started started = kept.changeStarted;
        if (plan.next().inFlight()) {
            if (!before.state().inFlight()) {
                kept.changeStarted = new Started(now, outcome);
            } else if (outcome != null && started != null) {
                kept.changeStarted = new Started(started.at(), outcome);
            }
            return;
        }
        kept.changeStarted = null;
        if (started != null && before.state().inFlight()) {
            String tag =
                    outcome != null
                            ? outcome
                            : Objects.requireNonNullElse(started.outcome(), "other");
            timeEnded(tag, Duration.between(started.at(), now));
        }
    }

    private void timeEnded(String outcome, Duration spent) {
        Timer.builder(TRANSITION_DURATION)
                .description("Time from the start of a change to the end of its in-flight states")
                .tag("outcome", outcome)
                .serviceLevelObjectives(TRANSITION_BUCKETS)
                .register(registry)
                .record(nonNegative(spent));
    }

    private Counter counter(String name, String description, String tag, String value) {
        return Counter.builder(name).description(description).tag(tag, value).register(registry);
    }

    private static Duration nonNegative(Duration spent) {
        return spent.isNegative() ? Duration.ZERO : spent;
    }

    private static String phase(TransitionRecord record) {
        return record.state().role().name().toLowerCase(Locale.ROOT);
    }

    private static String outcome(Reason reason) {
        return switch (reason) {
            case TRANSITION_COMPLETED, FINALIZED_FORWARD -> "completed";
            case ROLLBACK,
                    DEADLINE_EXCEEDED_ROLLBACK,
                    CHILD_FAILED_ROLLBACK,
                    ANALYSIS_FAILED,
                    ANALYSIS_ROLLBACK ->
                    "rolled_back";
            case ABORTED_BY_USER -> "aborted";
            case PATCH_COMPLETED -> "patched";
            default -> null;
        };
    }
}
