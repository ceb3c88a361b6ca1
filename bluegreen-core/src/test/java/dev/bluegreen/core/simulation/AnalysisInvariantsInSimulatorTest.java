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
import java.util.function.BiFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Deciders that ignore the analysis verdicts break the analysis invariants in the simulator; the
 * same deciders pass without analysis scripts (the table of plans is {@link
 * AnalysisInvariantsTest}).
 */
class AnalysisInvariantsInSimulatorTest {
    @Test
    void aDeciderIgnoringThePreChecksBreaksPreAnalysisBeforeSwitch() {
        // the scripted decider switches as soon as green runs, never waiting for analysis
        var sim =
                TransitionSimulator.builder()
                        .seed(7)
                        .decider(() -> ScriptedDecider::decide)
                        .prePromotion(AnalysisScript.passesAfter(Duration.ofMinutes(5)))
                        .build();
        sim.deploy(false, true).runUntilResting();
        sim.changeSpec(ChangeKind.TRANSITION);

        var thrown = catchThrowable(sim::runUntilResting);

        assertThat(thrown).isInstanceOf(InvariantViolation.class);
        var v = (InvariantViolation) thrown;
        assertThat(v.invariant()).isEqualTo(Invariant.PRE_ANALYSIS_BEFORE_SWITCH);
        assertThat(v.getMessage()).contains("SwitchTraffic[color=GREEN]", "(seed 7)");
    }

    @Test
    void theSameDeciderKeepsTheInvariantsWithoutAnalysisScripts() {
        var sim = TransitionSimulator.builder().decider(() -> ScriptedDecider::decide).build();
        sim.deploy(false, true).runUntilResting();

        var result = sim.changeSpec(ChangeKind.TRANSITION).runUntilResting();

        assertThat(result.trafficColor()).contains(Color.GREEN);
    }

    @Test
    void aDeciderRetiringBlueAtTheSwitchBreaksPreviousKeptDuringPostAnalysis() {
        var sim =
                TransitionSimulator.builder()
                        .seed(8)
                        .decider(() -> retiringAtOnce())
                        .postPromotion(AnalysisScript.passesAfter(Duration.ofMinutes(10)))
                        .build();
        sim.deploy(false, true).runUntilResting();
        sim.changeSpec(ChangeKind.TRANSITION);

        var thrown = catchThrowable(sim::runUntilResting);

        assertThat(thrown).isInstanceOf(InvariantViolation.class);
        assertThat(((InvariantViolation) thrown).invariant())
                .isEqualTo(Invariant.PREVIOUS_KEPT_DURING_POST_ANALYSIS);
    }

    /**
     * The scripted decider, except that its switch goes through {@code RETIRING_<old>} (with {@code
     * trafficSwitchedAt}, so the post-promotion window opens) and deletes the old child in the next
     * step, whatever the post-promotion checks say.
     */
    private static BiFunction<TransitionRecord, Observation, Plan> retiringAtOnce() {
        return (record, o) -> {
            BlueGreenState state = record.state();
            if (state.role() == BlueGreenState.Role.RETIRING) {
                Color old = state.namedColor();
                var next =
                        record.toBuilder()
                                .state(
                                        BlueGreenState.of(
                                                BlueGreenState.Role.ACTIVE, old.opposite()))
                                .clearTransitionMarkers()
                                .build();
                return new Plan(
                        next,
                        List.of(new Action.DeleteChild(old)),
                        Optional.empty(),
                        Reason.TRANSITION_COMPLETED,
                        "");
            }
            Plan plan = ScriptedDecider.decide(record, o);
            if (state.role() != BlueGreenState.Role.TRANSITIONING
                    || plan.record().state().role() != BlueGreenState.Role.ACTIVE
                    || record.trafficColor() == null) {
                return plan;
            }
            Color old = state.namedColor().opposite();
            var retiring =
                    plan.record().toBuilder()
                            .state(BlueGreenState.of(BlueGreenState.Role.RETIRING, old))
                            .trafficSwitchedAt(o.now())
                            .build();
            var switchOnly =
                    plan.actions().stream().filter(a -> a instanceof Action.SwitchTraffic).toList();
            return new Plan(retiring, switchOnly, Optional.empty(), Reason.TRAFFIC_SWITCHED, "");
        };
    }
}
