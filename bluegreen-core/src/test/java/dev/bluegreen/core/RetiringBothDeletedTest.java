package dev.bluegreen.core;

import org.junit.jupiter.api.Test;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.Children.absent;
import static dev.bluegreen.core.Children.starting;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;

/**
 * {@code RETIRING_X} when both children were deleted by hand (simulator seed 43499, holds): the
 * transition used to finalize forward onto the missing Y, leaving traffic on a child that does not
 * exist.
 */
class RetiringBothDeletedTest {

    @Test
    void recreatesTheServingChildBeforeFinalizingWhenBothChildrenWereDeletedByHand() {
        // Given traffic on green, the old blue and green both gone
        var given = Scenarios.retiring(BLUE).child(BLUE, absent()).child(GREEN, absent());

        // When
        Plan plan = given.decide();

        // Then green is recreated with the target first; the retirement is not finished yet
        assertThat(plan)
                .movesTo(RETIRING_BLUE)
                .because(Reason.CHILD_RECREATED)
                .hasActions(
                        new Action.DeployChild(
                                GREEN, "s2", Action.RestoreFrom.SPEC_INITIAL_SAVEPOINT, null));
    }

    @Test
    void finalizesForwardOnceTheRecreatedServingChildExists() {
        // Given
        var recreated = Scenarios.retiring(BLUE).child(BLUE, absent()).child(GREEN, absent());
        Plan first = recreated.decide();

        // When
        Plan next =
                Given.from(first.record())
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(GREEN, starting("s2"))
                        .decide();

        // Then
        assertThat(next).movesTo(ACTIVE_GREEN).because(Reason.FINALIZED_FORWARD).hasNoActions();
    }
}
