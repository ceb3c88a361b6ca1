package dev.bluegreen.demo.timeline;

import java.time.Duration;

/**
 * A child FlinkDeployment disappeared from the API: its teardown.
 *
 * @param at time since the demo started
 * @param color the child's colour
 * @param name the child's name
 */
public record ChildDeleted(Duration at, Color color, String name) implements TimelineEvent {
    @Override
    public String source() {
        return color.label();
    }

    @Override
    public String text() {
        return name + "  deleted (teardown)";
    }

    @Override
    public String key() {
        return "child:" + name;
    }
}
