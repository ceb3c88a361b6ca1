package dev.bluegreen.demo.timeline;

import java.time.Duration;

/**
 * The FlinkBlueGreenDeployment's {@code status.state} with the reason and message of its {@code
 * Progressing} condition, as the controller wrote them.
 *
 * @param at time since the demo started
 * @param state the engine state, e.g. {@code TRANSITIONING_TO_GREEN}
 * @param reason the {@code Progressing} reason, e.g. {@code Soaking}; may be empty
 * @param message the {@code Progressing} message; may be empty
 */
public record ControllerState(Duration at, String state, String reason, String message)
        implements TimelineEvent {
    @Override
    public String source() {
        return "controller";
    }

    @Override
    public String text() {
        return reason.isEmpty() ? state : state + "  " + reason + ": " + message;
    }

    @Override
    public String key() {
        return "controller";
    }

    /** State and reason only: a message that only counts down is not a change. */
    @Override
    public String value() {
        return state + "/" + reason;
    }
}
