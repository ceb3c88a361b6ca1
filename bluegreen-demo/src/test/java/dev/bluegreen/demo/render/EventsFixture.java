package dev.bluegreen.demo.render;

import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.SnapshotState;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.demo.timeline.TrafficSwitch;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** A blue-to-green run as timeline events, in whole seconds, for the rendering tests. */
public final class EventsFixture {
    private EventsFixture() {}

    /** Blue runs 2-20 s, green 10-30 s; savepoint at 9 s, switch at 16 s, blue deleted at 20 s. */
    public static List<TimelineEvent> blueToGreen() {
        return List.of(
                new DemoStep(s(0), "apply orders"),
                new ControllerState(s(1), "INITIALIZING_BLUE", "InitialDeploy", ""),
                new ChildJob(s(1), Color.BLUE, "orders-blue", "", ""),
                new ChildJob(s(2), Color.BLUE, "orders-blue", "STABLE", "RUNNING"),
                new ControllerState(s(3), "ACTIVE_BLUE", "", ""),
                new TrafficSwitch(s(3), "orders", "orders-blue-rest", Optional.of(Color.BLUE)),
                new DemoStep(s(8), "upgrade"),
                new ControllerState(s(8), "SAVEPOINTING_BLUE", "SavepointRequested", ""),
                new SnapshotState(s(8), "orders-t1", Optional.of(Color.BLUE), "IN_PROGRESS", ""),
                new SnapshotState(
                        s(9), "orders-t1", Optional.of(Color.BLUE), "COMPLETED", "file:///sp/1"),
                new ControllerState(s(9), "TRANSITIONING_TO_GREEN", "TransitionStarted", ""),
                new ChildJob(s(9), Color.GREEN, "orders-green", "DEPLOYED", "CREATED"),
                new ChildJob(s(10), Color.GREEN, "orders-green", "STABLE", "RUNNING"),
                new ControllerState(s(11), "TRANSITIONING_TO_GREEN", "Soaking", "5 s left"),
                new TrafficSwitch(s(16), "orders", "orders-green-rest", Optional.of(Color.GREEN)),
                new ControllerState(s(16), "RETIRING_BLUE", "TrafficSwitched", ""),
                new ChildDeleted(s(20), Color.BLUE, "orders-blue"),
                new ControllerState(s(20), "ACTIVE_GREEN", "", ""),
                new DemoStep(s(25), "suspend"),
                new ChildJob(s(30), Color.GREEN, "orders-green", "SUSPENDED", "FINISHED"),
                new ControllerState(s(30), "SUSPENDED_GREEN", "", ""));
    }

    /** {@code seconds} as a duration. */
    public static Duration s(long seconds) {
        return Duration.ofSeconds(seconds);
    }
}
