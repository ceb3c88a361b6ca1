package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;

import org.junit.jupiter.api.Test;

import static dev.bluegreen.operator.internal.status.StatusFixtures.PARENT;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T2;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T3;
import static dev.bluegreen.operator.internal.status.StatusFixtures.plan;
import static dev.bluegreen.operator.internal.status.StatusFixtures.running;
import static dev.bluegreen.operator.internal.status.StatusFixtures.steadyBlue;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code status.targetSpec}: the in-flight target's JSON, persisted for a restarted controller. */
class TargetSpecStatusTest {
    static final String TARGET = "{\"v\":2}";

    static TransitionRecord inFlight(String targetRef) {
        return new TransitionRecord.Builder()
                .state(BlueGreenState.TRANSITIONING_TO_GREEN)
                .transitionNumber(2)
                .trafficColor(Color.BLUE)
                .stableSpecRef("stable1")
                .targetSpecRef(targetRef)
                .build();
    }

    static StatusInput.Builder input(
            dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus previous,
            TransitionRecord record) {
        return StatusInput.builder(PARENT, 2, T2)
                .previous(previous)
                .plan(plan(record, Reason.TRANSITION_STARTED, "started"))
                .blue(running("job-1"));
    }

    @Test
    void startedChangeWritesTheTargetJson() {
        // When a change to target2 starts and its JSON is known
        var status =
                StatusMapper.map(
                                input(steadyBlue(), inFlight("target2"))
                                        .targetSpecJson(TARGET)
                                        .build())
                        .status();
        // Then the status keeps it beside the stable spec
        assertThat(status.getTargetSpec()).isEqualTo(TARGET);
        assertThat(status.getLastStableSpec()).isEqualTo("{\"v\":1}");
    }

    @Test
    void targetJsonSurvivesDecisionsThatDoNotKnowItAnyMore() {
        // Given a status that holds the target's JSON
        var previous =
                StatusMapper.map(
                                input(steadyBlue(), inFlight("target2"))
                                        .targetSpecJson(TARGET)
                                        .build())
                        .status();
        // When a later decision (e.g. after a restart, the spec edited again) has no JSON for it
        var status = StatusMapper.map(input(previous, inFlight("target2")).build()).status();
        // Then the persisted JSON stays
        assertThat(status.getTargetSpec()).isEqualTo(TARGET);
    }

    @Test
    void endedChangeClearsTheTargetJson() {
        // Given a change in flight
        var previous =
                StatusMapper.map(
                                input(steadyBlue(), inFlight("target2"))
                                        .targetSpecJson(TARGET)
                                        .build())
                        .status();
        // When it completes (no target any more)
        var status =
                StatusMapper.map(
                                StatusInput.builder(PARENT, 2, T3)
                                        .previous(previous)
                                        .plan(
                                                plan(
                                                        BlueGreenState.ACTIVE_GREEN,
                                                        Color.GREEN,
                                                        Reason.TRANSITION_COMPLETED))
                                        .green(running("job-2"))
                                        .stableSpecJson(TARGET)
                                        .build())
                        .status();
        // Then
        assertThat(status.getTargetSpec()).isNull();
        assertThat(status.getLastStableSpec()).isEqualTo(TARGET);
    }
}
