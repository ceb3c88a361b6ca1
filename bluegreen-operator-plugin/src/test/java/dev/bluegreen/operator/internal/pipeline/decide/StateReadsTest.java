package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.Conditions;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.Cost;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.Read;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.When;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.EnumSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The table of what each state reads, row by row: a state row reads the cached objects always, the
 * gate only in ADVANCED mode, the readiness facts only in a transition, the analysis checks only
 * while transitioning or retiring with a check due, the quota only for a new child; the adoption
 * row reads the candidate and nothing else that costs a request. So a BASIC parent at rest
 * (ACTIVE_X, no new child) makes no request.
 */
class StateReadsTest {
    static final Conditions NONE = new Conditions(false, false, false, false, false);
    static final Conditions ALL = new Conditions(true, true, true, true, true);

    @ParameterizedTest(name = "{0}")
    @EnumSource(BlueGreenState.class)
    void aStateRowReadsWhatItsStateNeeds(BlueGreenState state) {
        var row = StateReads.of(state);
        var expected =
                EnumSet.of(
                        Read.PARENT,
                        Read.CHILDREN,
                        Read.TRAFFIC,
                        Read.INSTALLED_APIS,
                        Read.SNAPSHOT,
                        Read.GATE_CHANNEL,
                        Read.QUOTA);
        if (state.role() == BlueGreenState.Role.TRANSITIONING) {
            expected.add(Read.READINESS);
        }
        if (state.role() == BlueGreenState.Role.TRANSITIONING
                || state.role() == BlueGreenState.Role.RETIRING) {
            expected.add(Read.ANALYSIS);
        }

        assertThat(row.state()).isEqualTo(state.name());
        assertThat(row.under(ALL)).isEqualTo(expected);
        assertThat(row.under(NONE))
                .containsExactlyInAnyOrder(
                        Read.PARENT, Read.CHILDREN, Read.TRAFFIC, Read.INSTALLED_APIS);
        assertThat(row.reads().get(Read.ADOPTION_CANDIDATE)).isEqualTo(When.NEVER);
    }

    @Test
    void theAdoptionRowReadsTheCandidateAndNoOtherRequest() {
        var row = StateReads.adoptionPending();

        assertThat(row.state()).isEqualTo(StateReads.ADOPTION_PENDING);
        assertThat(row.under(ALL))
                .containsExactlyInAnyOrder(
                        Read.PARENT,
                        Read.CHILDREN,
                        Read.TRAFFIC,
                        Read.INSTALLED_APIS,
                        Read.ADOPTION_CANDIDATE);
    }

    @Test
    void aBasicParentAtRestMakesNoRequest() {
        var resting = new Conditions(false, false, false, false, false);
        for (BlueGreenState state : BlueGreenState.values()) {
            assertThat(StateReads.of(state).under(resting))
                    .as(state.name())
                    .allSatisfy(read -> assertThat(read.cost()).isEqualTo(Cost.CACHE));
        }
    }

    @Test
    void everyStateHasARowAndEveryRowNamesEveryRead() {
        assertThat(StateReads.ROWS).hasSize(BlueGreenState.values().length + 1);
        assertThat(StateReads.ROWS)
                .allSatisfy(row -> assertThat(row.reads()).containsOnlyKeys(Read.values()));
    }
}
