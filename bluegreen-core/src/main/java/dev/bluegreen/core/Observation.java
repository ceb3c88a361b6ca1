package dev.bluegreen.core;

import java.time.Instant;
import java.util.Objects;

/**
 * Everything observed for one decision: the desired spec, both children, the hand-over snapshot,
 * the user's commands and the current time. Time is an input here; core never reads a clock.
 *
 * @param desired the desired spec, classified against the last stable spec
 * @param blue the blue child
 * @param green the green child
 * @param snapshot the hand-over snapshot named in the record, or {@code null} if none or not found
 * @param commands manual commands
 * @param now the current time
 */
public record Observation(
        DesiredSpec desired,
        ChildObservation blue,
        ChildObservation green,
        SnapshotObservation snapshot,
        Commands commands,
        Instant now) {

    public Observation {
        Objects.requireNonNull(desired, "desired == null");
        Objects.requireNonNull(blue, "blue == null");
        Objects.requireNonNull(green, "green == null");
        Objects.requireNonNull(commands, "commands == null");
        Objects.requireNonNull(now, "now == null");
    }

    /** The child of the given colour. */
    public ChildObservation child(Color color) {
        return color == Color.BLUE ? blue : green;
    }
}
