package dev.bluegreen.demo.timeline;

import java.time.Duration;

/**
 * An action of the demo itself, e.g. applying the resource or starting the upgrade.
 *
 * @param at time since the demo started
 * @param text what the demo did
 */
public record DemoStep(Duration at, String text) implements TimelineEvent {
    @Override
    public String source() {
        return "demo";
    }

    @Override
    public String key() {
        return "demo:" + text;
    }
}
