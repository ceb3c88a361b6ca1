package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.KubeEvent;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.demo.timeline.TrafficSwitch;

import java.util.List;
import java.util.Optional;

/** What the scenario's phases wait for, asked of the timeline's events. Pure. */
final class TimelineQueries {
    private TimelineQueries() {}

    /** Whether the controller's last state is {@code state}. */
    static boolean state(List<TimelineEvent> events, String state) {
        return last(events, ControllerState.class).map(s -> s.state().equals(state)).orElse(false);
    }

    /** Whether the child of {@code color} was deleted. */
    static boolean deleted(List<TimelineEvent> events, Color color) {
        return events.stream().anyMatch(e -> e instanceof ChildDeleted d && d.color() == color);
    }

    /** Whether the last state of {@code color}'s child is {@code SUSPENDED}. */
    static boolean suspended(List<TimelineEvent> events, Color color) {
        return events.stream()
                .filter(e -> e instanceof ChildJob c && c.color() == color)
                .reduce((a, b) -> b)
                .map(e -> ((ChildJob) e).lifecycle().equals("SUSPENDED"))
                .orElse(false);
    }

    /** Whether the parent Ingress points at {@code color} now (its last switch). */
    static boolean trafficOn(List<TimelineEvent> events, Color color) {
        return last(events, TrafficSwitch.class)
                .map(t -> t.color().orElse(null) == color)
                .orElse(false);
    }

    /** Whether the controller emitted its automatic rollback Event. */
    static boolean rolledBack(List<TimelineEvent> events) {
        return events.stream().anyMatch(e -> e instanceof KubeEvent k && k.rollback());
    }

    private static <T> Optional<T> last(List<TimelineEvent> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).reduce((a, b) -> b);
    }
}
