package dev.bluegreen.example.policy;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.GateObservation;
import dev.bluegreen.core.PhaseDeadline;
import dev.bluegreen.core.ReadinessInput;
import dev.bluegreen.core.ReadinessVerdict;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.extension.ExtensionParameters;
import dev.bluegreen.core.simulation.ChildScript;
import dev.bluegreen.core.simulation.TransitionSimulator;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code steady-green} extension deciding transitions in the simulator, built as the controller
 * builds it: the spec's policy (here the defaults, a 30 s soak) customised by the extension with a
 * resource's parameters ({@code min-uptime: 5 min}).
 */
class SteadyGreenSimulationTest {
    static final ExtensionParameters PARAMETERS =
            ExtensionParameters.of(Map.of("min-uptime", "5 min"));

    final SteadyGreenExtension extension = new SteadyGreenExtension();

    final TransitionPolicy policy = policy(PARAMETERS);

    TransitionPolicy policy(ExtensionParameters parameters) {
        TransitionPolicy fromSpec =
                extension.customise(
                        TransitionPolicy.defaults().toBuilder()
                                .catchUp(PhaseDeadline.rollbackAfter(Duration.ofMinutes(15)))
                                .build(),
                        parameters);
        return fromSpec.toBuilder()
                .readiness(extension.readiness(fromSpec.readiness(), parameters))
                .build();
    }

    @Test
    void holdsTheSwitchUntilTheNewRunHasBeenUpForMinUptime() {
        var sim = TransitionSimulator.builder().policy(policy).build();
        sim.deploy().runUntilResting();

        var fourMinutesIn = sim.changeSpec(ChangeKind.TRANSITION).runFor(Duration.ofMinutes(4));

        assertThat(fourMinutesIn.finalState()).isEqualTo(BlueGreenState.TRANSITIONING_TO_GREEN);
        assertThat(fourMinutesIn.trafficColor()).contains(Color.BLUE);
        assertThat(verdictNow(sim)).isInstanceOf(ReadinessVerdict.WaitUntil.class);
        assertThat(((ReadinessVerdict.WaitUntil) verdictNow(sim)).why())
                .startsWith("job run up 3 min")
                .endsWith("of min-uptime 5 min");

        var result = sim.runUntilResting();

        assertThat(result.finalState()).isEqualTo(BlueGreenState.ACTIVE_GREEN);
        assertThat(result.trafficColor()).contains(Color.GREEN);
    }

    @Test
    void aRunThatRestartedNeverGetsTrafficAndIsRolledBack() {
        var sim =
                TransitionSimulator.builder()
                        .policy(policy)
                        .green(
                                ChildScript.readyAfter(Duration.ofSeconds(20))
                                        .restartingAt(Duration.ofMinutes(2)))
                        .build();
        sim.deploy().runUntilResting();

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.finalState()).isEqualTo(BlueGreenState.ACTIVE_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.reasons()).contains(Reason.DEADLINE_EXCEEDED_ROLLBACK);
        assertThat(result.states()).doesNotContain(BlueGreenState.ACTIVE_GREEN);
    }

    @Test
    void aGreenBacklogFarAboveBluesHoldsTheSwitchUntilItCatchesUp() {
        var sim =
                TransitionSimulator.builder()
                        .policy(policy)
                        .blue(ChildScript.readyAfter(Duration.ofSeconds(20)).withBacklog(1_000L))
                        .green(ChildScript.readyAfter(Duration.ofSeconds(20)).withBacklog(50_000L))
                        .build();
        sim.deploy().runUntilResting();
        sim.changeSpec(ChangeKind.TRANSITION).runFor(Duration.ofMinutes(8));
        assertThat(sim.result().finalState()).isEqualTo(BlueGreenState.TRANSITIONING_TO_GREEN);
        assertThat(verdictNow(sim))
                .isEqualTo(
                        new ReadinessVerdict.NotReady(
                                "backlog 50,000 records, above 1.10 x the serving child's 1,000"));

        var result =
                sim.script(
                                Color.GREEN,
                                ChildScript.readyAfter(Duration.ofSeconds(20)).withBacklog(900L))
                        .runUntilResting();

        assertThat(result.finalState()).isEqualTo(BlueGreenState.ACTIVE_GREEN);
    }

    /** What the extension's readiness says of green now, as the engine would ask it. */
    private ReadinessVerdict verdictNow(TransitionSimulator sim) {
        var result = sim.result();
        return policy.readiness()
                .evaluate(
                        new ReadinessInput(
                                Color.GREEN,
                                result.child(Color.GREEN),
                                result.child(Color.BLUE),
                                sim.now(),
                                sim.now(),
                                GateObservation.none()));
    }
}
