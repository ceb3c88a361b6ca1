package dev.bluegreen.demo.timeline;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class TimelineTest {

    @Test
    void keepsAnEventOnlyWhenItsValueChanges() {
        List<TimelineEvent> seen = new ArrayList<>();
        var timeline = new Timeline(seen::add);

        boolean first = timeline.record(child(1, "DEPLOYED", "RECONCILING"));
        boolean repeat = timeline.record(child(2, "DEPLOYED", "RECONCILING"));
        boolean change = timeline.record(child(3, "STABLE", "RUNNING"));

        assertThat(List.of(first, repeat, change)).containsExactly(true, false, true);
        assertThat(timeline.events())
                .extracting(TimelineEvent::at)
                .containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(3));
        assertThat(seen).isEqualTo(timeline.events());
    }

    @Test
    void controllerMessagesThatOnlyCountDownAreNotChanges() {
        var timeline = new Timeline();

        timeline.record(
                new ControllerState(
                        Duration.ofSeconds(1), "TRANSITIONING_TO_GREEN", "Soaking", "5 s left"));
        timeline.record(
                new ControllerState(
                        Duration.ofSeconds(2), "TRANSITIONING_TO_GREEN", "Soaking", "4 s left"));
        timeline.record(
                new ControllerState(Duration.ofSeconds(3), "RETIRING_BLUE", "TrafficSwitched", ""));

        assertThat(timeline.events())
                .extracting(TimelineEvent::at)
                .containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(3));
    }

    @Test
    void aRepeatedEventReasonForTheSameObjectIsNotAChange() {
        var timeline = new Timeline();

        timeline.record(event(1, "orders", "TrafficSwitched", "retired at 10:00:01"));
        timeline.record(event(2, "orders", "TrafficSwitched", "retired at 10:00:02"));
        timeline.record(event(3, "other", "TrafficSwitched", "retired at 10:00:03"));
        timeline.record(event(4, "orders", "TransitionCompleted", ""));

        assertThat(timeline.events())
                .extracting(TimelineEvent::at)
                .containsExactly(
                        Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofSeconds(4));
    }

    @Test
    void awaitReturnsOnceAnotherThreadRecordsWhatItWaitsFor() throws Exception {
        var timeline = new Timeline();
        var waiting =
                CompletableFuture.supplyAsync(() -> awaitDeleted(timeline, Duration.ofSeconds(20)));

        timeline.record(child(1, "STABLE", "RUNNING"));
        timeline.record(new ChildDeleted(Duration.ofSeconds(2), Color.BLUE, "orders-blue"));

        assertThat(waiting.get()).contains(Duration.ofSeconds(2));
    }

    @Test
    void awaitGivesUpAfterItsBound() throws Exception {
        var timeline = new Timeline();
        timeline.record(child(1, "STABLE", "RUNNING"));

        assertThat(awaitDeleted(timeline, Duration.ofMillis(50))).isEmpty();
    }

    private static Optional<Duration> awaitDeleted(Timeline timeline, Duration bound) {
        try {
            return timeline.await(
                    events ->
                            events.stream()
                                    .filter(e -> e instanceof ChildDeleted)
                                    .map(TimelineEvent::at)
                                    .findFirst(),
                    bound);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static KubeEvent event(int second, String object, String reason, String message) {
        return new KubeEvent(
                Duration.ofSeconds(second),
                object + "." + second,
                object,
                "Normal",
                reason,
                message);
    }

    private static ChildJob child(int second, String lifecycle, String job) {
        return new ChildJob(Duration.ofSeconds(second), Color.BLUE, "orders-blue", lifecycle, job);
    }
}
