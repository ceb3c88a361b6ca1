package dev.bluegreen.demo.timeline;

import java.time.Duration;
import java.util.Optional;

/**
 * A FlinkStateSnapshot's state (the savepoint the controller requested for the hand-over).
 *
 * @param at time since the demo started
 * @param name the snapshot's name
 * @param color the colour of the job it snapshots, if known
 * @param state {@code status.state}, e.g. {@code COMPLETED}; empty before the first status
 * @param path {@code status.path}; empty until completed
 */
public record SnapshotState(
        Duration at, String name, Optional<Color> color, String state, String path)
        implements TimelineEvent {
    @Override
    public String source() {
        return "savepoint";
    }

    @Override
    public String text() {
        return name
                + color.map(c -> " of " + c.label()).orElse("")
                + "  "
                + (state.isEmpty() ? "requested" : state)
                + (path.isEmpty() ? "" : "  " + path);
    }

    @Override
    public String key() {
        return "snapshot:" + name;
    }

    /** Whether the savepoint completed. */
    public boolean completed() {
        return state.equals("COMPLETED");
    }
}
