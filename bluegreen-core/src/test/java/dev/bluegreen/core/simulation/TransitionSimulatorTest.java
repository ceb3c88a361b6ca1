package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.INITIALIZING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The simulator's step loop, driven by {@link ScriptedDecider} instead of the engine. */
class TransitionSimulatorTest {

    private static TransitionSimulator.Builder scripted() {
        return TransitionSimulator.builder().decider(() -> ScriptedDecider::decide);
    }

    @Test
    void firstDeploymentRestsActiveBlueWithTrafficOnBlue() {
        // Given
        var sim = scripted().blue(ChildScript.readyAfter(ofSeconds(20))).build();

        // When
        var result = sim.deploy().runUntilResting();

        // Then
        assertThat(result.finalState()).isEqualTo(ACTIVE_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.child(Color.BLUE).stableAndRunning()).isTrue();
        assertThat(result.states())
                .containsExactly(INITIALIZING_BLUE, TRANSITIONING_TO_BLUE, ACTIVE_BLUE);
    }

    @Test
    void virtualClockJumpsToTheNextScriptedEvent() {
        // Given: the upstream operator observes after 2 s, the run is stable 20 s later
        var sim = scripted().blue(ChildScript.readyAfter(ofSeconds(20))).build();

        // When
        var result = sim.deploy().runUntilResting();

        // Then: steps at 0 s (deploy), 2 s (generation observed), 22 s (stable), then rest
        assertThat(result.trace())
                .extracting(TraceLine::elapsed)
                .startsWith(Duration.ZERO, ofSeconds(2), ofSeconds(22));
        assertThat(result.now()).isEqualTo(sim.now());
    }

    @Test
    void transitionMovesTrafficToGreenAndDeletesBlue() {
        // Given
        var sim = scripted().build();
        sim.deploy().runUntilResting();

        // When
        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        // Then
        assertThat(result.finalState()).isEqualTo(ACTIVE_GREEN);
        assertThat(result.trafficColor()).contains(Color.GREEN);
        assertThat(result.child(Color.BLUE).exists()).isFalse();
        assertThat(result.child(Color.GREEN).specRef()).isEqualTo("v1");
        assertThat(result.actionsOf(Action.SwitchTraffic.class))
                .containsExactly(
                        new Action.SwitchTraffic(Color.BLUE),
                        new Action.SwitchTraffic(Color.GREEN));
    }

    @Test
    void runForAdvancesTheClockByExactlyTheDuration() {
        // Given
        var sim = scripted().build();
        var start = sim.now();

        // When
        sim.deploy().runFor(Duration.ofMinutes(7));

        // Then: the resync cap (1 min) keeps stepping while nothing happens
        assertThat(sim.now()).isEqualTo(start.plus(Duration.ofMinutes(7)));
        assertThat(sim.result().trace().size()).isGreaterThanOrEqualTo(7);
    }

    @Test
    void crashBeforePersistingExecutesActionsButKeepsTheOldRecord() {
        // Given
        var sim = scripted().build();

        // When
        sim.deploy().crashBeforePersistingNextRecord();
        var crashed = sim.step();
        var retried = sim.step();

        // Then: blue was written once; the retry re-issued the same deploy without a new generation
        assertThat(crashed.persisted()).isFalse();
        assertThat(crashed.to()).isEqualTo(TRANSITIONING_TO_BLUE);
        assertThat(retried.from()).isEqualTo(INITIALIZING_BLUE);
        assertThat(retried.actions()).isEqualTo(crashed.actions());
        assertThat(sim.result().child(Color.BLUE).generation()).isEqualTo(1);
        assertThat(sim.record().state()).isEqualTo(TRANSITIONING_TO_BLUE);
    }

    @Test
    void restartRebuildsTheDeciderAndKeepsOnlyThePersistedRecord() {
        // Given
        var built = new AtomicInteger();
        var sim =
                TransitionSimulator.builder()
                        .decider(
                                () -> {
                                    built.incrementAndGet();
                                    return ScriptedDecider::decide;
                                })
                        .build();
        sim.deploy().step();
        TransitionRecord before = sim.record();

        // When
        var line = sim.restartController().step();

        // Then
        assertThat(built).hasValue(2);
        assertThat(line.from()).isEqualTo(before.state());
        assertThat(line.events()).contains("user: controller restarted");
    }

    @Test
    void steppingBeforeDeployIsRejected() {
        var sim = scripted().build();

        assertThatThrownBy(sim::step)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("deploy()");
    }

    @Test
    void handDeletedServingChildIsExcusedOnlyWhileTerminating() {
        // Given: a decider that never recreates anything
        BiFunction<TransitionRecord, Observation, Plan> ignoresDeletion =
                (record, o) ->
                        record.state().role() == BlueGreenState.Role.ACTIVE
                                ? new Plan(record, List.of(), Optional.empty(), Reason.STEADY, "")
                                : ScriptedDecider.decide(record, o);
        var sim =
                TransitionSimulator.builder()
                        .seed(7)
                        .blue(ChildScript.readyAfter(ofSeconds(5)).deletionTakes(ofSeconds(30)))
                        .decider(() -> ignoresDeletion)
                        .build();
        sim.deploy().runUntilResting();

        // When / Then: fine while blue terminates, a violation once it is gone
        sim.deleteByHand(Color.BLUE).runFor(ofSeconds(29));
        assertThatThrownBy(() -> sim.runFor(ofSeconds(2)))
                .isInstanceOfSatisfying(
                        InvariantViolation.class,
                        v -> {
                            assertThat(v.invariant()).isEqualTo(Invariant.RUNNING_CHILD);
                            assertThat(v.seed()).isEqualTo(7);
                            assertThat(v.getMessage()).contains("(seed 7)", "blue: gone", "trace:");
                        });
    }

    @Test
    void handDeletedServingChildRecreatedAtOnceKeepsEveryInvariant() {
        var sim = scripted().blue(ChildScript.readyAfter(ofSeconds(5))).build();
        sim.deploy().runUntilResting();

        var result = sim.deleteByHand(Color.BLUE).runFor(Duration.ofMinutes(2));

        assertThat(result.reasons()).contains(Reason.CHILD_RECREATED);
        assertThat(result.child(Color.BLUE).stableAndRunning()).isTrue();
        assertThat(result.trafficColor()).contains(Color.BLUE);
    }

    @Test
    void greenNeverReadyKeepsTheScriptedDeciderTransitioningUntilTheBoundFails() {
        // Given
        var sim =
                scripted()
                        .green(ChildScript.neverReady())
                        .convergenceBound(50, Duration.ofHours(1))
                        .build();
        sim.deploy().runUntilResting();

        // When / Then
        assertThatThrownBy(() -> sim.changeSpec(ChangeKind.TRANSITION).runUntilResting())
                .isInstanceOfSatisfying(
                        InvariantViolation.class,
                        v -> {
                            assertThat(v.invariant()).isEqualTo(Invariant.CONVERGENCE);
                            assertThat(v.trace())
                                    .last()
                                    .extracting(TraceLine::to)
                                    .isEqualTo(TRANSITIONING_TO_GREEN);
                        });
    }
}
