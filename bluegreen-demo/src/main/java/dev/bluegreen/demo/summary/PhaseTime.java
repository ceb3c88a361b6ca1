package dev.bluegreen.demo.summary;

import java.time.Duration;

/**
 * How long the controller stayed in one state.
 *
 * @param state the engine state, e.g. {@code TRANSITIONING_TO_GREEN}
 * @param duration time in that state
 * @param last whether it is the state the demo ended in (its duration runs to the end)
 */
public record PhaseTime(String state, Duration duration, boolean last) {}
