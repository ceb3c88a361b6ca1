package dev.bluegreen.demo.render;

import dev.bluegreen.demo.timeline.ChildAdopted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.TimelineEvent;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.bluegreen.demo.render.EventsFixture.blueToGreen;
import static dev.bluegreen.demo.render.EventsFixture.blueToGreenAndBack;
import static dev.bluegreen.demo.render.EventsFixture.s;
import static org.assertj.core.api.Assertions.assertThat;

class LanesTest {

    @Test
    void eachColourLaneHasABarPerJobStateEndingAtItsTeardown() {
        Lanes lanes = Lanes.of(blueToGreen(), s(32));

        assertThat(lanes.bars(Lane.BLUE))
                .containsExactly(
                        new Bar(Lane.BLUE, s(1), s(2), "CREATED"),
                        new Bar(Lane.BLUE, s(2), s(20), "RUNNING"));
        assertThat(lanes.bars(Lane.GREEN))
                .containsExactly(
                        new Bar(Lane.GREEN, s(9), s(10), "CREATED"),
                        new Bar(Lane.GREEN, s(10), s(30), "RUNNING"),
                        new Bar(Lane.GREEN, s(30), s(32), "FINISHED"));
    }

    @Test
    void theControllerLaneHasOneBarPerStateNotPerReason() {
        Lanes lanes = Lanes.of(blueToGreen(), s(32));

        assertThat(lanes.bars(Lane.CONTROLLER))
                .extracting(b -> b.label() + " " + b.length().toSeconds())
                .containsExactly(
                        "INITIALIZING_BLUE 2",
                        "ACTIVE_BLUE 5",
                        "SAVEPOINTING_BLUE 1",
                        "TRANSITIONING_TO_GREEN 7",
                        "RETIRING_BLUE 4",
                        "ACTIVE_GREEN 10",
                        "SUSPENDED_GREEN 2");
    }

    @Test
    void markersShowTheSavepointTheTrafficSwitchesTheTeardownAndTheSteps() {
        Lanes lanes = Lanes.of(blueToGreen(), s(32));

        assertThat(lanes.markers(Lane.BLUE))
                .extracting(m -> m.kind() + "@" + m.at().toSeconds())
                .containsExactly("TRAFFIC_SWITCH@3", "SAVEPOINT@9", "TEARDOWN@20");
        assertThat(lanes.markers(Lane.GREEN))
                .extracting(Marker::kind)
                .containsExactly(Marker.Kind.TRAFFIC_SWITCH);
        assertThat(lanes.markers(Lane.CONTROLLER))
                .extracting(Marker::kind)
                .containsOnly(Marker.Kind.STEP)
                .hasSize(3);
    }

    @Test
    void measurementsAreMarkersOfTheirPhaseOnTheAnalysisLaneShownOnlyWhenThereAreAny() {
        Lanes lanes = Lanes.of(blueToGreenAndBack(), s(42));

        assertThat(lanes.markers(Lane.ANALYSIS))
                .extracting(m -> m.kind() + "@" + m.at().toSeconds())
                .containsExactly(
                        "CHECK_SUCCESSFUL@12",
                        "CHECK_SUCCESSFUL@14",
                        "CHECK_SUCCESSFUL@18",
                        "CHECK_SUCCESSFUL@20",
                        "CHECK_FAILED@24");
        assertThat(lanes.markers(Lane.ANALYSIS).get(4).label())
                .isEqualTo("postPromotion error-rate-after-switch: Failed, result [9.6]");
        assertThat(lanes.shown()).containsExactly(Lane.values());
        assertThat(Lanes.of(blueToGreen(), s(32)).shown())
                .containsExactly(Lane.CONTROLLER, Lane.BLUE, Lane.GREEN);
        assertThat(Marker.Kind.ofMeasurement("Inconclusive")).isEqualTo(Marker.Kind.CHECK_OTHER);
        assertThat(Marker.Kind.ofMeasurement("Error")).isEqualTo(Marker.Kind.CHECK_OTHER);
    }

    @Test
    void theRollbackIsAMarkerOnTheControllerLaneAndTheSwitchBackOneOnBlue() {
        Lanes lanes = Lanes.of(blueToGreenAndBack(), s(42));

        assertThat(lanes.markers(Lane.CONTROLLER))
                .filteredOn(m -> m.kind() == Marker.Kind.ROLLBACK)
                .singleElement()
                .satisfies(m -> assertThat(m.at()).isEqualTo(s(24)))
                .satisfies(m -> assertThat(m.label()).isEqualTo("Rollback: to blue"));
        assertThat(lanes.markers(Lane.BLUE))
                .extracting(m -> m.kind() + "@" + m.at().toSeconds())
                .containsExactly("TRAFFIC_SWITCH@3", "SAVEPOINT@9", "TRAFFIC_SWITCH@26");
        assertThat(lanes.bars(Lane.CONTROLLER))
                .extracting(Bar::label)
                .containsSubsequence(
                        "RETIRING_BLUE", "RETIRING_GREEN", "ACTIVE_BLUE", "SUSPENDED_BLUE");
    }

    @Test
    void anAdoptedJobKeepsOneRunningBarAcrossItsAdoptionMarker() {
        List<TimelineEvent> events =
                List.of(
                        new ChildJob(s(1), Color.BLUE, "orders-live", "DEPLOYED", "RECONCILING"),
                        new ChildJob(s(2), Color.BLUE, "orders-live", "STABLE", "RUNNING"),
                        new ChildAdopted(s(6), Color.BLUE, "orders-live", "orders"));

        Lanes lanes = Lanes.of(events, s(10));

        assertThat(lanes.bars(Lane.BLUE))
                .containsExactly(
                        new Bar(Lane.BLUE, s(1), s(2), "RECONCILING"),
                        new Bar(Lane.BLUE, s(2), s(10), "RUNNING"));
        assertThat(lanes.markers(Lane.BLUE))
                .extracting(m -> m.kind() + "@" + m.at().toSeconds())
                .containsExactly("ADOPTED@6");
    }
}
