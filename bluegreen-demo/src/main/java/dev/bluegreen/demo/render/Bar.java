package dev.bluegreen.demo.render;

import java.time.Duration;

/**
 * A stretch of time on a lane in one state: a controller state, or a child's job state.
 *
 * @param lane where it is drawn
 * @param from start, since the demo started
 * @param to end, since the demo started (not before {@code from})
 * @param label the state, e.g. {@code RUNNING}
 */
public record Bar(Lane lane, Duration from, Duration to, String label) {
    /** The bar's length. */
    public Duration length() {
        return to.minus(from);
    }
}
