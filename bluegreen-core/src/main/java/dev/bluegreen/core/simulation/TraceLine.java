package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Reason;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One step of a simulation: what happened before the decision (user actions, child and snapshot
 * changes), the decision itself and whether its record was persisted. {@link #toString()} is a
 * readable one-line form used in failure messages.
 *
 * @param step the step number, from 1
 * @param elapsed virtual time since the start of the simulation
 * @param from the persisted state before the step
 * @param reason the plan's reason
 * @param to the plan's next state
 * @param actions the plan's actions, all executed
 * @param requeueAfter the plan's requeue delay
 * @param persisted whether the plan's record was persisted ({@code false}: the controller crashed
 *     after executing the actions)
 * @param events what changed since the previous step, in order
 */
public record TraceLine(
        int step,
        Duration elapsed,
        BlueGreenState from,
        Reason reason,
        BlueGreenState to,
        List<Action> actions,
        Optional<Duration> requeueAfter,
        boolean persisted,
        List<String> events) {

    public TraceLine {
        Objects.requireNonNull(elapsed, "elapsed == null");
        Objects.requireNonNull(from, "from == null");
        Objects.requireNonNull(reason, "reason == null");
        Objects.requireNonNull(to, "to == null");
        actions = List.copyOf(actions);
        Objects.requireNonNull(requeueAfter, "requeueAfter == null");
        events = List.copyOf(events);
    }

    @Override
    public String toString() {
        return "#"
                + step
                + " +"
                + time()
                + (events.isEmpty() ? "" : " " + events)
                + " "
                + from
                + " -["
                + reason
                + "]-> "
                + to
                + (actions.isEmpty() ? "" : " " + actions)
                + requeueAfter.map(d -> " requeue " + d).orElse("")
                + (persisted ? "" : " CRASHED before persisting");
    }

    /** The elapsed time as {@code h:mm:ss}. */
    private String time() {
        long s = elapsed.toSeconds();
        return String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
