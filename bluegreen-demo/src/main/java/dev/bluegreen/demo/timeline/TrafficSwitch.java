package dev.bluegreen.demo.timeline;

import java.time.Duration;
import java.util.Optional;

/**
 * The parent Ingress's backend: where traffic goes.
 *
 * @param at time since the demo started
 * @param ingress the Ingress's name
 * @param backend the backend service, e.g. {@code orders-green-rest}
 * @param color the colour of that service, if it has one
 */
public record TrafficSwitch(Duration at, String ingress, String backend, Optional<Color> color)
        implements TimelineEvent {
    @Override
    public String source() {
        return "traffic";
    }

    @Override
    public String text() {
        return "ingress "
                + ingress
                + " -> "
                + backend
                + color.map(c -> " (" + c.label() + ")").orElse("");
    }

    @Override
    public String key() {
        return "traffic:" + ingress;
    }
}
