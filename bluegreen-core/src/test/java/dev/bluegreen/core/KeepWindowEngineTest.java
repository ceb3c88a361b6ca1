package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.SwitchTraffic;

import org.junit.jupiter.api.Test;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.RETIRING_GREEN;
import static dev.bluegreen.core.Children.failing;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.GatedStateTableFixtures.ownedBy;
import static dev.bluegreen.core.GatedStateTableFixtures.rollingBack;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * ADVANCED mode with a keep window (docs/gate.md, "Keep window and cold hand-back"): a failing
 * child whose output the window protects keeps its place until the gate's hand-back has moved the
 * output, so that blue takes back what green did not commit.
 */
class KeepWindowEngineTest {
    /** Green owns the output and blue keeps what green has not committed. */
    private static final GateObservation GREEN_OWES =
            new GateObservation(GREEN, true, false, "keep window open", GREEN);

    @Test
    void aFailingGreenThatOwesOutputGetsTrafficBackToBlueButWaitsForTheHandBack() {
        var greenFails =
                Scenarios.retiring(BLUE).gated().child(GREEN, failing("s2", null)).gate(GREEN_OWES);

        Plan plan = greenFails.decide();

        assertThat(plan)
                .movesTo(RETIRING_GREEN)
                .because(Reason.ROLLBACK)
                .hasActions(new SwitchTraffic(BLUE))
                .keeps(GREEN)
                .record(r -> assertThat(r.outputOwner()).isEqualTo(BLUE));
    }

    @Test
    void withoutAKeepWindowAFailingGreenIsDeletedAtOnceAsBefore() {
        var greenFails =
                Scenarios.retiring(BLUE)
                        .gated()
                        .child(GREEN, failing("s2", null))
                        .gate(ownedBy(GREEN));

        Plan plan = greenFails.decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .hasActions(new SwitchTraffic(BLUE), new DeleteChild(GREEN));
    }

    @Test
    void aRolledBackGreenThatFailsWaitsWhileTheWindowStillProtectsItsOutput() {
        var waiting = rollingBack(GREEN).child(GREEN, failing("s2", null)).gate(GREEN_OWES);

        Plan plan = waiting.decide();

        assertThat(plan).because(Reason.WAITING_FOR_CUTOVER).keeps(GREEN);
    }

    @Test
    void aRolledBackGreenThatFailedIsRetiredOnceTheHandBackMovedItsOutput() {
        var handedBack = rollingBack(GREEN).child(GREEN, failing("s2", null)).gate(ownedBy(BLUE));

        Plan plan = handedBack.decide();

        assertThat(plan).movesTo(ACTIVE_BLUE).hasActions(new DeleteChild(GREEN));
    }
}
