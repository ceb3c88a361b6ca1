package dev.bluegreen.demo.render;

import dev.bluegreen.demo.timeline.AnalysisMeasured;
import dev.bluegreen.demo.timeline.ChildAdopted;
import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.KubeEvent;
import dev.bluegreen.demo.timeline.SnapshotState;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.demo.timeline.TrafficSwitch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the timeline picture shows, computed from the events: bars (controller states, each child's
 * job state) and markers (savepoint, traffic switch, teardown, adoption, demo steps, analysis
 * measurements, an automatic rollback).
 *
 * @param end the right edge of the picture, since the demo started
 * @param bars in event order per lane
 * @param markers in event order
 */
public record Lanes(Duration end, List<Bar> bars, List<Marker> markers) {

    /**
     * The lanes of {@code events}; a state still open at {@code end} ends there.
     *
     * @param events in recording order
     * @param end the end of the picture, at or after the last event
     */
    public static Lanes of(List<TimelineEvent> events, Duration end) {
        var open = new EnumMap<Lane, Bar>(Lane.class);
        List<Bar> bars = new ArrayList<>();
        List<Marker> markers = new ArrayList<>();
        for (TimelineEvent event : events) {
            add(event, open, bars, markers);
        }
        for (Lane lane : List.copyOf(open.keySet())) {
            close(open, bars, lane, end);
        }
        return new Lanes(end, List.copyOf(bars), List.copyOf(markers));
    }

    /** Opens or closes a lane's bar for a state change, or adds the event's marker. */
    private static void add(
            TimelineEvent event, Map<Lane, Bar> open, List<Bar> bars, List<Marker> markers) {
        if (event instanceof ControllerState s) {
            open(open, bars, new Bar(Lane.CONTROLLER, s.at(), s.at(), s.state()));
        } else if (event instanceof ChildJob c) {
            open(open, bars, new Bar(Lane.of(c.color()), c.at(), c.at(), jobLabel(c)));
        } else if (event instanceof ChildDeleted d) {
            close(open, bars, Lane.of(d.color()), d.at());
            markers.add(new Marker(Lane.of(d.color()), d.at(), Marker.Kind.TEARDOWN, d.text()));
        } else {
            marker(event).ifPresent(markers::add);
        }
    }

    /**
     * The marker of a savepoint, traffic switch, adoption, demo step, measurement or rollback;
     * empty for others.
     */
    private static Optional<Marker> marker(TimelineEvent event) {
        if (event instanceof AnalysisMeasured m) {
            var kind = Marker.Kind.ofMeasurement(m.phase());
            return Optional.of(new Marker(Lane.ANALYSIS, m.at(), kind, m.text()));
        }
        if (event instanceof KubeEvent k && k.rollback()) {
            var text = k.reason() + ": " + k.message();
            return Optional.of(new Marker(Lane.CONTROLLER, k.at(), Marker.Kind.ROLLBACK, text));
        }
        return Optional.ofNullable(momentMarker(event));
    }

    /** The marker of a savepoint, traffic switch, adoption or demo step; null for others. */
    private static Marker momentMarker(TimelineEvent event) {
        if (event instanceof SnapshotState s && s.completed() && s.color().isPresent()) {
            return new Marker(Lane.of(s.color().get()), s.at(), Marker.Kind.SAVEPOINT, s.text());
        }
        if (event instanceof TrafficSwitch t && t.color().isPresent()) {
            return new Marker(
                    Lane.of(t.color().get()), t.at(), Marker.Kind.TRAFFIC_SWITCH, t.text());
        }
        if (event instanceof ChildAdopted a) {
            return new Marker(Lane.of(a.color()), a.at(), Marker.Kind.ADOPTED, a.text());
        }
        if (event instanceof DemoStep d) {
            return new Marker(Lane.CONTROLLER, d.at(), Marker.Kind.STEP, d.text());
        }
        return null;
    }

    /**
     * The lanes to draw, in order: the controller's and both colours' always, the analysis lane
     * when it has a marker.
     */
    public List<Lane> shown() {
        return markers(Lane.ANALYSIS).isEmpty()
                ? List.of(Lane.CONTROLLER, Lane.BLUE, Lane.GREEN)
                : List.of(Lane.values());
    }

    /** The bars of one lane, in time order. */
    public List<Bar> bars(Lane lane) {
        return bars.stream().filter(b -> b.lane() == lane).toList();
    }

    /** The markers of one lane, in time order. */
    public List<Marker> markers(Lane lane) {
        return markers.stream().filter(m -> m.lane() == lane).toList();
    }

    private static String jobLabel(ChildJob child) {
        return child.jobState().isEmpty()
                ? (child.lifecycle().isEmpty() ? "CREATED" : child.lifecycle())
                : child.jobState();
    }

    /** Ends the lane's open bar at the new one's start, unless it has the same label. */
    private static void open(Map<Lane, Bar> open, List<Bar> bars, Bar next) {
        Bar current = open.get(next.lane());
        if (current != null && current.label().equals(next.label())) {
            return;
        }
        close(open, bars, next.lane(), next.from());
        open.put(next.lane(), next);
    }

    private static void close(Map<Lane, Bar> open, List<Bar> bars, Lane lane, Duration at) {
        Bar current = open.remove(lane);
        if (current != null) {
            Duration to = at.compareTo(current.from()) < 0 ? current.from() : at;
            bars.add(new Bar(lane, current.from(), to, current.label()));
        }
    }
}
