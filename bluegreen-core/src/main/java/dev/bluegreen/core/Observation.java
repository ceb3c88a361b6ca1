package dev.bluegreen.core;

import java.time.Instant;
import java.util.Objects;

/**
 * Everything observed for one decision: the desired spec, both children, the hand-over snapshot,
 * the user's commands, the record-level gate and the current time. Time is an input here; core
 * never reads a clock.
 *
 * @param desired the desired spec, classified against the last stable spec
 * @param blue the blue child
 * @param green the green child
 * @param snapshot the hand-over snapshot named in the record, or {@code null} if none or not found
 * @param commands manual commands
 * @param now the current time
 * @param gate what the record-level gate reports (ADVANCED mode); {@link GateObservation#none()} in
 *     BASIC mode
 * @param analysis what the pre- and post-promotion analysis checks concluded; {@link
 *     AnalysisObservation#none()} when none are configured
 */
public record Observation(
        DesiredSpec desired,
        ChildObservation blue,
        ChildObservation green,
        SnapshotObservation snapshot,
        Commands commands,
        Instant now,
        GateObservation gate,
        AnalysisObservation analysis) {

    public Observation {
        Objects.requireNonNull(desired, "desired == null");
        Objects.requireNonNull(blue, "blue == null");
        Objects.requireNonNull(green, "green == null");
        Objects.requireNonNull(commands, "commands == null");
        Objects.requireNonNull(now, "now == null");
        Objects.requireNonNull(gate, "gate == null");
        Objects.requireNonNull(analysis, "analysis == null");
    }

    /** An observation without analysis checks ({@link AnalysisObservation#none()}). */
    public Observation(
            DesiredSpec desired,
            ChildObservation blue,
            ChildObservation green,
            SnapshotObservation snapshot,
            Commands commands,
            Instant now,
            GateObservation gate) {
        this(desired, blue, green, snapshot, commands, now, gate, AnalysisObservation.none());
    }

    /** An observation without a gate ({@link GateObservation#none()}), as in BASIC mode. */
    public Observation(
            DesiredSpec desired,
            ChildObservation blue,
            ChildObservation green,
            SnapshotObservation snapshot,
            Commands commands,
            Instant now) {
        this(desired, blue, green, snapshot, commands, now, GateObservation.none());
    }

    /** This observation with {@code value} as what the gate reports. */
    public Observation withGate(GateObservation value) {
        return new Observation(desired, blue, green, snapshot, commands, now, value, analysis);
    }

    /** This observation with {@code value} as what the analysis checks concluded. */
    public Observation withAnalysis(AnalysisObservation value) {
        return new Observation(desired, blue, green, snapshot, commands, now, gate, value);
    }

    /** The child of the given colour. */
    public ChildObservation child(Color color) {
        return color == Color.BLUE ? blue : green;
    }
}
