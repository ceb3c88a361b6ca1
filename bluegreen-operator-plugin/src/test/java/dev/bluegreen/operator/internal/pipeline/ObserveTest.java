package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.Read;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The observe stage makes exactly the reads of the parent's row of {@link StateReads}: every row is
 * run once with all its conditions true (ADVANCED mode, readiness checks on and the incoming child
 * running, a record that names a snapshot) and once with none.
 */
class ObserveTest {
    /** The reads the observe stage makes itself (the quota is the decide stage's). */
    static final Set<Read> OBSERVED =
            EnumSet.of(Read.SNAPSHOT, Read.ADOPTION_CANDIDATE, Read.GATE_CHANNEL, Read.READINESS);

    static final Map<String, String> CHECKS =
            Map.of("kubernetes.operator.bluegreen.readiness.max-lag", "1000");

    static Stream<StateReads.Row> rows() {
        return StateReads.ROWS.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void aRowWhoseConditionsHoldMakesEveryReadItNames(StateReads.Row row) {
        var fakes = fakes();
        var parent = parentIn(row, CHECKS);
        if (!row.state().equals(StateReads.ADOPTION_PENDING)) {
            Observations.advanced(parent); // adoption needs BASIC: the row reads no gate anyway
        }

        var observed = Observe.observe(parent, fakes.round());

        assertThat(observed.problems()).isEmpty();
        var conditions = new StateReads.Conditions(true, true, true, false, false);
        assertThat(fakes.read).isEqualTo(observedOf(row.under(conditions)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void aRowWhoseConditionsDoNotHoldMakesOnlyItsUnconditionalReads(StateReads.Row row) {
        var fakes = fakes();
        var parent = parentIn(row, Map.of());
        parent.getStatus().setTransition(null); // no record: no snapshot named
        parent.getStatus().setState(null);

        Observe.observe(fixState(parent, row), fakes.round());

        var conditions = new StateReads.Conditions(false, false, false, false, false);
        assertThat(fakes.read).isEqualTo(observedOf(row.under(conditions)));
    }

    @Test
    void aParentAtRestOnUnchangedInputsIsNotReadFurther() {
        var fakes = fakes();
        fakes.resting = true;
        var parent =
                Observations.advanced(
                        Observations.parent(BlueGreenState.TRANSITIONING_TO_GREEN, CHECKS));

        var observed = Observe.observe(parent, fakes.round());

        assertThat(observed.atRest()).isTrue();
        assertThat(fakes.read).isEmpty();
    }

    @Test
    void anInvalidSpecIsNotReadFurther() {
        var fakes = fakes();
        var parent =
                Observations.advanced(
                        Observations.parent(
                                BlueGreenState.TRANSITIONING_TO_GREEN,
                                Map.of("kubernetes.operator.bluegreen.readiness.max-lag", "x")));

        var observed = Observe.observe(parent, fakes.round());

        assertThat(observed.problems()).isNotEmpty();
        assertThat(fakes.read).isEmpty();
    }

    static Observations.Fakes fakes() {
        var fakes = new Observations.Fakes();
        fakes.children.put("orders-blue", Observations.running("orders-blue", "b1"));
        fakes.children.put("orders-green", Observations.running("orders-green", "g1"));
        return fakes;
    }

    /** A parent in the row's state; for the adoption row one that asks to adopt. */
    static FlinkBlueGreenDeployment parentIn(StateReads.Row row, Map<String, String> config) {
        if (row.state().equals(StateReads.ADOPTION_PENDING)) {
            var parent = Observations.parent(BlueGreenState.INITIALIZING_BLUE, config);
            parent.getSpec().setAdoptDeployment("orders-legacy");
            return parent;
        }
        return Observations.parent(BlueGreenState.valueOf(row.state()), config);
    }

    /** The parent with only its state kept, when the row is a state. */
    static FlinkBlueGreenDeployment fixState(FlinkBlueGreenDeployment parent, StateReads.Row row) {
        if (!row.state().equals(StateReads.ADOPTION_PENDING)) {
            var state = BlueGreenState.valueOf(row.state());
            var withoutSnapshot =
                    dev.bluegreen.core.TransitionRecord.initial().toBuilder()
                            .state(state)
                            .transitionNumber(1)
                            .build();
            parent.getStatus().setState(state.name());
            parent.getStatus()
                    .setTransition(
                            dev.bluegreen.operator.internal.status.RecordCodec.write(
                                    withoutSnapshot));
        }
        return parent;
    }

    static Set<Read> observedOf(Set<Read> reads) {
        var made = EnumSet.copyOf(OBSERVED);
        made.retainAll(reads);
        return made;
    }
}
