package dev.bluegreen.operator.internal.handover;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.JobState;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * What the coordinator needs for keep windows (docs/gate.md, "Keep window and cold hand-back"), as
 * values. Immutable and thread-safe.
 *
 * @param enabled whether a cutover opens a keep window ({@code advanced.keep-window}, default on)
 * @param lead how many checkpoints ahead a release bound starts ({@code advanced.handback-lead},
 *     default 3)
 * @param blue the blue child as observed
 * @param green the green child as observed
 * @param blueCompleted the newest completed checkpoint of blue's job, when its JobManager was asked
 *     and answered (asked only of a failing job)
 * @param greenCompleted the same for green
 */
public record KeepInput(
        boolean enabled,
        int lead,
        ChildObservation blue,
        ChildObservation green,
        OptionalLong blueCompleted,
        OptionalLong greenCompleted) {

    /** No keep window is opened; children unknown. */
    public static final KeepInput OFF =
            new KeepInput(
                    false,
                    1,
                    ChildObservation.absent(),
                    ChildObservation.absent(),
                    OptionalLong.empty(),
                    OptionalLong.empty());

    public KeepInput {
        Objects.requireNonNull(blue, "blue == null");
        Objects.requireNonNull(green, "green == null");
        Objects.requireNonNull(blueCompleted, "blueCompleted == null");
        Objects.requireNonNull(greenCompleted, "greenCompleted == null");
        if (lead < 1) {
            throw new IllegalArgumentException("lead: expected at least 1, got " + lead);
        }
    }

    ChildObservation child(Color color) {
        return color == Color.BLUE ? blue : green;
    }

    OptionalLong completed(Color color) {
        return color == Color.BLUE ? blueCompleted : greenCompleted;
    }

    /** Whether {@code color}'s job runs and is not being stopped: it can take output back. */
    boolean running(Color color) {
        ChildObservation child = child(color);
        return child.present() && child.jobState() == JobState.RUNNING && !child.suspendedBySpec();
    }

    /**
     * Whether {@code color} can no longer emit what it owes: its child is gone, failing, or its job
     * ended. A job that runs but whose gate is silent is not dead: it may still be writing.
     */
    boolean dead(Color color) {
        ChildObservation child = child(color);
        return !child.present() || child.failing() || child.jobState().isStopped();
    }
}
