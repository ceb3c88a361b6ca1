package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionEngine;
import dev.bluegreen.core.TransitionPolicy;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.RETIRING_GREEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The simulator in ADVANCED mode: the engine hands over through the scripted gate. */
class AdvancedSimulatorTest {
    private static final TransitionPolicy GATED =
            TransitionPolicy.builder().gatedHandover(true).build();

    private static TransitionSimulator.Builder gated(GateScript gate) {
        return TransitionSimulator.builder().policy(GATED).gate(gate);
    }

    @Test
    void trafficMovesOnlyAfterTheGateCommittedAndBlueIsDeletedOnlyOnceDrained() {
        // Given
        var sim = gated(GateScript.defaults()).build();
        sim.deploy().runUntilResting();

        // When
        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        // Then
        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.record().outputOwner()).isEqualTo(Color.GREEN);
        assertThat(result.reasons())
                .containsSubsequence(
                        Reason.WAITING_FOR_CUTOVER,
                        Reason.CUTOVER_COMMITTED,
                        Reason.WAITING_FOR_DRAIN,
                        Reason.TRANSITION_COMPLETED);
        TraceLine switched = lineWith(result, new Action.SwitchTraffic(Color.GREEN));
        TraceLine deleted = lineWith(result, new Action.DeleteChild(Color.BLUE));
        assertThat(switched.events()).contains("gate: cutover to green committed");
        assertThat(deleted.events()).contains("gate: blue drained");
    }

    @Test
    void aGateThatNeverCommitsRollsBackAtTheCatchUpDeadline() {
        var sim = gated(new GateScript(null, Duration.ofSeconds(20))).build();
        sim.deploy().runUntilResting();

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.child(Color.GREEN).exists()).isFalse();
        assertThat(result.reasons()).contains(Reason.DEADLINE_EXCEEDED_ROLLBACK);
        assertThat(result.record().failedSpecRef()).isEqualTo("v1");
    }

    @Test
    void anAbortAfterTheSwitchHandsTheOutputBackBeforeGreenIsDeleted() {
        // Given traffic and output moved to green; blue is kept for 5 min
        var sim =
                TransitionSimulator.builder()
                        .policy(GATED.toBuilder().deletionDelay(Duration.ofMinutes(5)).build())
                        .build();
        sim.deploy().runUntilResting();
        sim.changeSpec(ChangeKind.TRANSITION);
        while (sim.record().outputOwner() != Color.GREEN
                || sim.record().trafficColor() != Color.GREEN) {
            sim.step();
        }

        // When
        TraceLine aborted = sim.abort().step();
        var result = sim.runUntilResting();

        // Then
        assertThat(aborted.to()).isEqualTo(RETIRING_GREEN);
        assertThat(aborted.actions()).containsExactly(new Action.SwitchTraffic(Color.BLUE));
        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.record().failedSpecRef()).isEqualTo("v1");
        TraceLine deleted = lineWith(result, new Action.DeleteChild(Color.GREEN));
        assertThat(deleted.events()).contains("gate: green drained");
    }

    @Test
    void anEngineThatIgnoresTheGateIsCaught() {
        // Given the simulator has a gate, but the decisions are made in BASIC mode
        var sim =
                gated(GateScript.defaults())
                        .decider(() -> new TransitionEngine(TransitionPolicy.defaults())::decide)
                        .build();
        sim.deploy().runUntilResting();

        // When / Then
        assertThatThrownBy(() -> sim.changeSpec(ChangeKind.TRANSITION).runUntilResting())
                .isInstanceOfSatisfying(
                        InvariantViolation.class,
                        v -> assertThat(v.invariant()).isEqualTo(Invariant.CUTOVER_BEFORE_TRAFFIC));
    }

    private static TraceLine lineWith(SimulationResult result, Action action) {
        List<TraceLine> lines =
                result.trace().stream().filter(l -> l.actions().contains(action)).toList();
        assertThat(lines).as("steps with %s", action).isNotEmpty();
        return lines.get(0);
    }
}
