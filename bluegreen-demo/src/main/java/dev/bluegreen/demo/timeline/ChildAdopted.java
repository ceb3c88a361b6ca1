package dev.bluegreen.demo.timeline;

import java.time.Duration;

/**
 * A FlinkDeployment that ran on its own became the parent's child: the controller wrote its owner
 * reference and labels (metadata only; the job keeps running).
 *
 * @param at time since the demo started
 * @param color the colour it was adopted as
 * @param name the deployment's name, which it keeps, e.g. {@code orders-live}
 * @param parent the adopting FlinkBlueGreenDeployment
 */
public record ChildAdopted(Duration at, Color color, String name, String parent)
        implements TimelineEvent {
    @Override
    public String source() {
        return color.label();
    }

    @Override
    public String text() {
        return name + "  adopted by " + parent + " (owner reference and labels only)";
    }

    @Override
    public String key() {
        return "adopted:" + name;
    }
}
