package dev.bluegreen.core;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The result of one decision: the record to persist, the actions to carry out (in order), when to
 * decide again, and why.
 *
 * <p>The plugin executes {@link #actions()} in order, then persists {@link #record()}. If it
 * crashes in between, the next decision sees the old record and re-issues the same (idempotent)
 * actions.
 *
 * @param record the record to persist; {@code record().state()} is the next state
 * @param actions the actions, in order; empty for a no-op
 * @param requeueAfter when to decide again if nothing else happens: the time to the nearest
 *     deadline; empty when only an event (a child or spec change) can move things forward
 * @param reason why, as a stable code for conditions, events and logs
 * @param message a human-readable explanation naming the colours and values involved
 */
public record Plan(
        TransitionRecord record,
        List<Action> actions,
        Optional<Duration> requeueAfter,
        Reason reason,
        String message) {

    public Plan {
        Objects.requireNonNull(record, "record == null");
        actions = List.copyOf(actions);
        Objects.requireNonNull(requeueAfter, "requeueAfter == null");
        Objects.requireNonNull(reason, "reason == null");
        Objects.requireNonNull(message, "message == null");
        requeueAfter.ifPresent(
                d -> {
                    if (d.isNegative()) {
                        throw new IllegalArgumentException("requeueAfter < 0: " + d);
                    }
                });
    }

    /** The next state: {@code record().state()}. */
    public BlueGreenState next() {
        return record.state();
    }
}
