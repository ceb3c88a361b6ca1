package dev.bluegreen.demo.render;

import dev.bluegreen.demo.timeline.AnalysisMeasured;
import dev.bluegreen.demo.timeline.ChildDeleted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.KubeEvent;
import dev.bluegreen.demo.timeline.SnapshotState;
import dev.bluegreen.demo.timeline.TimelineEvent;
import dev.bluegreen.demo.timeline.TrafficSwitch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A blue-to-green run (and one rolled back) as timeline events, in whole seconds, for the rendering
 * tests.
 */
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

    /**
     * A run whose green turns bad after the switch and is rolled back: blue runs 2-40 s, green
     * 10-28 s; pre-promotion checks pass at 12 and 14 s, switch at 16 s, green turns bad at 20 s,
     * Prometheus shows it at 22 s, a post-promotion check fails at 24 s, the rollback at 24 s,
     * traffic back on blue at 26 s, green deleted at 28 s, blue suspended at 40 s.
     */
    public static List<TimelineEvent> blueToGreenAndBack() {
        List<TimelineEvent> events = new ArrayList<>(blueToGreen().subList(0, 14));
        events.addAll(
                List.of(
                        measured(12, "prePromotion", "error-rate", "Successful", "[]"),
                        measured(14, "prePromotion", "error-rate", "Successful", "[0]"),
                        new TrafficSwitch(
                                s(16), "orders", "orders-green-rest", Optional.of(Color.GREEN)),
                        new ControllerState(s(16), "RETIRING_BLUE", "CutoverCommitted", ""),
                        measured(
                                18,
                                "postPromotion",
                                "error-rate-after-switch",
                                "Successful",
                                "[0]"),
                        new DemoStep(s(20), DemoStep.GREEN_TURNS_BAD + ": created /w/bad"),
                        measured(
                                20,
                                "postPromotion",
                                "error-rate-after-switch",
                                "Successful",
                                "[0]"),
                        new DemoStep(s(22), DemoStep.ERRORS_IN_PROMETHEUS + ": 9.5/s"),
                        measured(24, "postPromotion", "error-rate-after-switch", "Failed", "[9.6]"),
                        new KubeEvent(
                                s(24), "e1", "orders", "Warning", "AnalysisFailed", "check failed"),
                        new ControllerState(s(24), "RETIRING_GREEN", "Rollback", "back to blue"),
                        new KubeEvent(
                                s(24), "e2", "orders", "Warning", KubeEvent.ROLLBACK, "to blue"),
                        new TrafficSwitch(
                                s(26), "orders", "orders-blue-rest", Optional.of(Color.BLUE)),
                        new ChildDeleted(s(28), Color.GREEN, "orders-green"),
                        new ControllerState(s(28), "ACTIVE_BLUE", "TransitionCompleted", ""),
                        new DemoStep(s(35), "suspend"),
                        new ChildJob(s(40), Color.BLUE, "orders-blue", "SUSPENDED", "FINISHED"),
                        new ControllerState(s(40), "SUSPENDED_BLUE", "", "")));
        return List.copyOf(events);
    }

    /** A measurement seen at {@code second}, taken then. */
    public static AnalysisMeasured measured(
            long second, String stage, String check, String phase, String value) {
        return new AnalysisMeasured(
                s(second),
                stage,
                check,
                phase,
                value,
                "",
                "2026-12-02T16:00:" + (10 + second) + "Z");
    }

    /** {@code seconds} as a duration. */
    public static Duration s(long seconds) {
        return Duration.ofSeconds(seconds);
    }
}
