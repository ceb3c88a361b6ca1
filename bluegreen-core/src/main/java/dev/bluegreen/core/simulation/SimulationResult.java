package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The outcome of running a {@link TransitionSimulator}: the persisted record, the world at the end
 * and the full step trace. Immutable.
 *
 * @param record the persisted record at the end
 * @param now the virtual time at the end
 * @param desiredSpecRef the ref of the desired spec at the end
 * @param traffic the colour the traffic pointer names, or {@code null} if never switched
 * @param blue what is observed of the blue child at the end
 * @param green what is observed of the green child at the end
 * @param trace every step since the start of the simulation
 */
public record SimulationResult(
        TransitionRecord record,
        Instant now,
        String desiredSpecRef,
        Color traffic,
        ChildObservation blue,
        ChildObservation green,
        List<TraceLine> trace) {

    public SimulationResult {
        Objects.requireNonNull(record, "record == null");
        Objects.requireNonNull(now, "now == null");
        Objects.requireNonNull(blue, "blue == null");
        Objects.requireNonNull(green, "green == null");
        trace = List.copyOf(trace);
    }

    /** The persisted state at the end. */
    public BlueGreenState finalState() {
        return record.state();
    }

    /** The colour receiving traffic at the end; empty if traffic was never switched. */
    public Optional<Color> trafficColor() {
        return Optional.ofNullable(traffic);
    }

    /** What is observed of the child of {@code color} at the end. */
    public ChildObservation child(Color color) {
        return color == Color.BLUE ? blue : green;
    }

    /** Every executed action of type {@code type}, in order (re-executions after a crash too). */
    public <A extends Action> List<A> actionsOf(Class<A> type) {
        return trace.stream()
                .flatMap(line -> line.actions().stream())
                .filter(type::isInstance)
                .map(type::cast)
                .toList();
    }

    /** The reason of every step, in order. */
    public List<Reason> reasons() {
        return trace.stream().map(TraceLine::reason).toList();
    }

    /** The distinct states entered, in order of first entry (the initial state first). */
    public List<BlueGreenState> states() {
        return trace.isEmpty()
                ? List.of(record.state())
                : Stream.concat(Stream.of(trace.get(0).from()), trace.stream().map(TraceLine::to))
                        .distinct()
                        .toList();
    }

    /** The trace, one step per line. */
    public String printableTrace() {
        StringBuilder sb = new StringBuilder();
        trace.forEach(line -> sb.append(line).append('\n'));
        return sb.toString();
    }
}
