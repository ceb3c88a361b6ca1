package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.RestoreFrom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.FAILING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static dev.bluegreen.core.ChangeKind.SAVEPOINT_REDEPLOY;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;

/** Moving away from a failing serving child, which upstream refuses. */
class FailingChildTest {

    @Test
    void activeChildThatFailsIsReportedAsFailing() {
        Plan plan = Scenarios.active(BLUE).child(BLUE, Children.failing("s1", null)).decide();

        assertThat(plan).movesTo(FAILING_BLUE).because(Reason.ACTIVE_CHILD_FAILING).hasNoActions();
    }

    static Stream<Arguments> sources() {
        return Stream.of(
                Arguments.of(
                        "last good snapshot",
                        FailingSource.LAST_GOOD_SNAPSHOT,
                        "s3://ckpt/7",
                        new DeployChild(GREEN, "s2", RestoreFrom.PATH, "s3://ckpt/7")),
                Arguments.of(
                        "no snapshot known",
                        FailingSource.LAST_GOOD_SNAPSHOT,
                        null,
                        new DeployChild(GREEN, "s2", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null)),
                Arguments.of(
                        "empty",
                        FailingSource.EMPTY,
                        "s3://ckpt/7",
                        new DeployChild(GREEN, "s2", RestoreFrom.EMPTY, null)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void transitionAwayFromAFailingBlueRestoresAsTheFailingSourceSays(
            String name, FailingSource source, String lastGood, DeployChild expected) {
        var failing =
                Scenarios.failing(BLUE)
                        .child(BLUE, Children.failing("s1", lastGood))
                        .desired("s2", TRANSITION)
                        .policy(p -> p.failingSource(source));

        Plan plan = failing.decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.TRANSITION_FROM_FAILING)
                .hasActions(expected);
    }

    @Test
    void refuseSourceWaitsForTheFailingChildToRecover() {
        Plan plan =
                Scenarios.failing(BLUE)
                        .desired("s2", TRANSITION)
                        .policy(p -> p.failingSource(FailingSource.REFUSE))
                        .decide();

        assertThat(plan)
                .movesTo(FAILING_BLUE)
                .because(Reason.TRANSITION_REFUSED_FAILING)
                .hasNoActions()
                .waitsForEvents();
    }

    @Test
    void savepointRedeployFromAFailingChildUsesTheUsersPath() {
        Plan plan = Scenarios.failing(BLUE).desired("s2", SAVEPOINT_REDEPLOY).decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.TRANSITION_FROM_FAILING)
                .hasActions(new DeployChild(GREEN, "s2", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null));
    }

    @Test
    void failedFirstDeploymentIsRedeployedInPlaceWithTheNewSpec() {
        Plan plan = Scenarios.failing(BLUE).stable(null).desired("s2", TRANSITION).decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_BLUE)
                .because(Reason.TRANSITION_FROM_FAILING)
                .hasActions(new DeployChild(BLUE, "s2", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null));
    }

    @Test
    void leftoverChildIsDeletedBeforeTheTransitionAwayFromFailing() {
        Plan plan =
                Scenarios.failing(BLUE)
                        .desired("s2", TRANSITION)
                        .child(GREEN, Children.suspended("s0"))
                        .decide();

        assertThat(plan)
                .movesTo(FAILING_BLUE)
                .because(Reason.TRANSITION_WAITING)
                .hasActions(new DeleteChild(GREEN))
                .keeps(BLUE);
    }

    @Test
    void failingChildThatRecoversBecomesActiveAgain() {
        Plan plan = Scenarios.failing(BLUE).child(BLUE, running("s1")).decide();

        assertThat(plan).movesTo(ACTIVE_BLUE).because(Reason.ACTIVE_CHILD_RECOVERED).hasNoActions();
    }
}
