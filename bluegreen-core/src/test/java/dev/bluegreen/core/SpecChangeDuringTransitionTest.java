package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.PatchChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Action.TakeSavepoint;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.PATCHING_BLUE;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.SAVEPOINTING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_BLUE;
import static dev.bluegreen.core.ChangeKind.PATCH_CHILD;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/** A newer desired spec arriving while a change is in flight. */
class SpecChangeDuringTransitionTest {

    @Test
    void specChangeWhileSavepointingReturnsToActiveThenTakesAFreshSavepoint() {
        // Given blue savepoints for s2, and the user now wants s3
        var changed = Scenarios.savepointing(BLUE).desired("s3", TRANSITION);

        // When
        Plan superseded = changed.decide();
        Plan next =
                Given.from(superseded.record())
                        .desired("s3", TRANSITION)
                        .child(BLUE, running("s1"))
                        .decide();

        // Then: back to blue at once, then a new transition with its own savepoint name
        assertThat(superseded)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.SUPERSEDED)
                .hasNoActions()
                .requeuesNow()
                .record(r -> assertThat(r.savepoint()).isNull());
        assertThat(next)
                .movesTo(SAVEPOINTING_BLUE)
                .because(Reason.SAVEPOINT_REQUESTED)
                .hasActions(new TakeSavepoint(BLUE, "t3-savepoint", "job-s1"));
    }

    @Test
    void specChangeWhileGreenStartsRetiresGreenAndRestartsFromTheServingBlue() {
        // Given green (s2) is starting while blue serves s1; the user now wants s3
        var changed = Scenarios.transitioning(GREEN).desired("s3", TRANSITION);

        // When
        Plan superseded = changed.decide();

        // Then: green is deleted, blue keeps serving, the next decision starts from blue
        assertThat(superseded)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.SUPERSEDED)
                .hasActions(new DeleteChild(GREEN))
                .keeps(BLUE)
                .requeuesNow()
                .record(
                        r -> {
                            assertThat(r.failedSpecRef()).isNull();
                            assertThat(r.targetSpecRef()).isNull();
                            assertThat(r.deadline()).isNull();
                        });
    }

    @Test
    void specChangeDuringTheFirstDeploymentRedeploysBlueInPlace() {
        var changed =
                Scenarios.firstDeployment(BLUE)
                        .desired("s3", TRANSITION)
                        .after(Duration.ofMinutes(4));

        Plan plan = changed.decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_BLUE)
                .because(Reason.SUPERSEDED)
                .hasActions(new DeployChild(BLUE, "s3", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null))
                .record(
                        r -> {
                            assertThat(r.targetSpecRef()).isEqualTo("s3");
                            assertThat(r.deadline())
                                    .isEqualTo(Given.T0.plus(Duration.ofMinutes(14)));
                        });
    }

    @Test
    void specChangeWhileRetiringIsDeferredUntilTheTransitionFinished() {
        var changed = Scenarios.retiring(BLUE).desired("s3", TRANSITION);

        Plan plan = changed.decide();

        assertThat(plan).movesTo(RETIRING_BLUE).because(Reason.WAITING_TO_RETIRE).hasNoActions();
    }

    @Test
    void inPlaceChangeWhilePatchingRepatchesWithTheNewSpec() {
        Plan plan = Scenarios.patching(BLUE).desired("s3", PATCH_CHILD).decide();

        assertThat(plan)
                .movesTo(PATCHING_BLUE)
                .because(Reason.SUPERSEDED)
                .hasActions(new PatchChild(BLUE, "s3"))
                .record(r -> assertThat(r.targetSpecRef()).isEqualTo("s3"));
    }

    @Test
    void transitionWhilePatchingReturnsToTheStableSpecFirstWithoutLooping() {
        // When the change needs a transition, X is patched back to stable first
        Plan back = Scenarios.patching(BLUE).desired("s3", TRANSITION).decide();
        // and once the target is the stable spec, the patch just completes
        Plan done =
                Given.from(back.record())
                        .desired("s3", TRANSITION)
                        .child(BLUE, running("s1"))
                        .decide();

        assertThat(back)
                .movesTo(PATCHING_BLUE)
                .because(Reason.SUPERSEDED)
                .hasActions(new PatchChild(BLUE, "s1"));
        assertThat(done).movesTo(ACTIVE_BLUE).because(Reason.PATCH_COMPLETED).hasNoActions();
    }
}
