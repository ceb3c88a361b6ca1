package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.DeployChild;
import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Action.SwitchTraffic;
import dev.bluegreen.core.Action.TakeSavepoint;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.INITIALIZING_BLUE;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.SAVEPOINTING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static dev.bluegreen.core.Children.absent;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.terminating;
import static dev.bluegreen.core.Children.unobserved;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/** The main paths: first deployment, the BASIC blue/green transition, stateless and redeploy. */
class BlueGreenTransitionTest {

    @Test
    void firstDeploymentDeploysBlueAndSwitchesTrafficOnceItIsReady() {
        // Given a resource that was never reconciled
        var first = Given.in(INITIALIZING_BLUE).stable(null).desired("s1", ChangeKind.TRANSITION);

        // When
        Plan deploy = first.decide();

        // Then
        assertThat(deploy)
                .movesTo(TRANSITIONING_TO_BLUE)
                .because(Reason.INITIAL_DEPLOY)
                .hasActions(new DeployChild(BLUE, "s1", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null))
                .requeuesAfter(Duration.ofMinutes(10))
                .record(
                        r -> {
                            assertThat(r.transitionNumber()).isEqualTo(2);
                            assertThat(r.targetSpecRef()).isEqualTo("s1");
                            assertThat(r.deadline())
                                    .isEqualTo(Given.T0.plus(Duration.ofMinutes(10)));
                        });

        // When blue runs, soaks 30 s and is judged again
        Plan soaking =
                Given.from(deploy.record())
                        .desired("s1", ChangeKind.TRANSITION)
                        .child(BLUE, running("s1"))
                        .decide();
        Plan done =
                Given.from(soaking.record())
                        .desired("s1", ChangeKind.TRANSITION)
                        .child(BLUE, running("s1"))
                        .after(Duration.ofSeconds(30))
                        .decide();

        // Then
        assertThat(soaking)
                .movesTo(TRANSITIONING_TO_BLUE)
                .because(Reason.SOAKING)
                .requeuesAfter(Duration.ofSeconds(30));
        assertThat(done)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new SwitchTraffic(BLUE))
                .waitsForEvents()
                .record(
                        r -> {
                            assertThat(r.stableSpecRef()).isEqualTo("s1");
                            assertThat(r.trafficColor()).isEqualTo(BLUE);
                            assertThat(r.deadline()).isNull();
                            assertThat(r.readySince()).isNull();
                        });
    }

    @Test
    void suspendedFirstDeploymentIsBlockedUntilTheSpecAsksToRun() {
        // Given
        var suspended =
                Given.in(INITIALIZING_BLUE)
                        .stable(null)
                        .desired("s1", ChangeKind.TRANSITION)
                        .suspendedSpec();

        // When
        Plan blocked = suspended.decide();
        Plan running = Given.from(blocked.record()).desired("s2", ChangeKind.TRANSITION).decide();

        // Then
        assertThat(blocked)
                .movesTo(INITIALIZING_BLUE)
                .because(Reason.INITIAL_DEPLOY_BLOCKED_SUSPENDED)
                .hasNoActions()
                .waitsForEvents();
        assertThat(running)
                .movesTo(TRANSITIONING_TO_BLUE)
                .because(Reason.INITIAL_DEPLOY)
                .hasActions(new DeployChild(BLUE, "s2", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null));
    }

    @Test
    void basicTransitionSavepointsStartsGreenFromItSwitchesTrafficThenRetiresBlue() {
        // Given blue serves s1 and the user asks for s2; deletion delay 1 min
        var policy = TransitionPolicy.builder().deletionDelay(Duration.ofMinutes(1)).build();
        var engine = new TransitionEngine(policy);
        var change = Scenarios.active(BLUE).desired("s2", ChangeKind.TRANSITION);

        // When / Then: savepoint of blue's job
        Plan savepoint = engine.decide(change.record(), change.observation());
        assertThat(savepoint)
                .movesTo(SAVEPOINTING_BLUE)
                .because(Reason.SAVEPOINT_REQUESTED)
                .hasActions(new TakeSavepoint(BLUE, "t2-savepoint", "job-s1"))
                .requeuesAfter(Duration.ofMinutes(10));

        // savepoint completes: green starts from it
        var completed =
                Given.from(savepoint.record())
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(BLUE, running("s1"))
                        .snapshot("t2-savepoint", SnapshotState.COMPLETED, "s3://sp/2")
                        .after(Duration.ofSeconds(20));
        Plan start = engine.decide(completed.record(), completed.observation());
        assertThat(start)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.TRANSITION_STARTED)
                .hasActions(new DeployChild(GREEN, "s2", RestoreFrom.PATH, "s3://sp/2"));

        // green observed, stable and running, soaked: traffic moves; blue is kept
        var ready =
                Given.from(start.record())
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(BLUE, running("s1"))
                        .child(GREEN, running("s2"))
                        .record(r -> r.readySince(Given.T0))
                        .after(Duration.ofSeconds(60));
        Plan switched = engine.decide(ready.record(), ready.observation());
        assertThat(switched)
                .movesTo(RETIRING_BLUE)
                .because(Reason.TRAFFIC_SWITCHED)
                .hasActions(new SwitchTraffic(GREEN))
                .keeps(BLUE)
                .requeuesAfter(Duration.ofMinutes(1));

        // after the deletion delay blue is deleted and the transition finishes in the same plan
        var later =
                Given.from(switched.record())
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(BLUE, running("s1"))
                        .child(GREEN, running("s2"))
                        .after(Duration.ofMinutes(2));
        Plan retired = engine.decide(later.record(), later.observation());
        assertThat(retired)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new DeleteChild(BLUE))
                .waitsForEvents()
                .record(
                        r -> {
                            assertThat(r.stableSpecRef()).isEqualTo("s2");
                            assertThat(r.trafficColor()).isEqualTo(GREEN);
                            assertThat(r.savepoint()).isNull();
                            assertThat(r.targetSpecRef()).isNull();
                        });
    }

    @Test
    void statelessTransitionTakesNoSavepointAndStartsFromTheSpecsSavepoint() {
        Plan plan =
                Scenarios.active(BLUE).desired("s2", ChangeKind.TRANSITION).stateless().decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.TRANSITION_STARTED)
                .hasActions(new DeployChild(GREEN, "s2", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null))
                .record(r -> assertThat(r.savepoint()).isNull());
    }

    @Test
    void savepointRedeployNonceRedeploysTheOtherColourFromTheUsersPathWithoutASavepoint() {
        Plan plan = Scenarios.active(GREEN).desired("s2", ChangeKind.SAVEPOINT_REDEPLOY).decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_BLUE)
                .because(Reason.SAVEPOINT_REDEPLOY_STARTED)
                .hasActions(new DeployChild(BLUE, "s2", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null));
    }

    @Test
    void transitionWaitsForThePreviousChildToBeDeletedBeforeDeployingAFreshOne() {
        Plan deleting =
                Scenarios.active(BLUE)
                        .desired("s2", ChangeKind.TRANSITION)
                        .policy(p -> p.retention(Retention.SUSPEND))
                        .child(GREEN, Children.suspended("s0"))
                        .decide();
        Plan waiting =
                Scenarios.active(BLUE)
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(GREEN, terminating("s0"))
                        .decide();

        assertThat(deleting)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.TRANSITION_WAITING)
                .hasActions(new DeleteChild(GREEN))
                .keeps(BLUE);
        assertThat(waiting)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.TRANSITION_WAITING)
                .hasNoActions()
                .waitsForEvents();
    }

    @Test
    void readinessIsJudgedOnlyOnAStatusOfTheNewestGeneration() {
        // Given green reports STABLE/RUNNING, but for the previous generation; a promote is issued
        var stale = Scenarios.transitioning(GREEN).child(GREEN, unobserved("s2")).promote("p1");

        // When
        Plan plan = stale.decide();

        // Then
        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.WAITING_FOR_GENERATION)
                .hasNoActions()
                .requeuesAfter(Duration.ofMinutes(10));
    }

    @Test
    void promoteSkipsTheSoakOnce() {
        var promote = Scenarios.transitioning(GREEN).child(GREEN, running("s2")).promote("p1");

        Plan plan = promote.decide();

        assertThat(plan)
                .movesTo(RETIRING_BLUE)
                .because(Reason.PROMOTED_BY_USER)
                .hasActions(new SwitchTraffic(GREEN))
                .record(r -> assertThat(r.handledPromote()).isEqualTo("p1"));
    }

    @Test
    void incomingChildDeletedByHandIsRecreatedFromTheSameSavepoint() {
        Plan plan = Scenarios.transitioning(GREEN).child(GREEN, absent()).decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.CHILD_RECREATED)
                .hasActions(new DeployChild(GREEN, "s2", RestoreFrom.PATH, "s3://sp/2"));
    }

    @Test
    void activeChildDeletedByHandIsRecreatedWithTheStableSpec() {
        Plan plan =
                Scenarios.active(GREEN)
                        .child(GREEN, absent())
                        .desired("s2", ChangeKind.TRANSITION)
                        .decide();

        assertThat(plan)
                .movesTo(BlueGreenState.PATCHING_GREEN)
                .because(Reason.CHILD_RECREATED)
                .hasActions(new DeployChild(GREEN, "s1", RestoreFrom.SPEC_INITIAL_SAVEPOINT, null));
    }

    @Test
    void steadyActiveStateReturnsTheSameRecordWithoutActionsOrRequeue() {
        var steady = Scenarios.active(BLUE);

        Plan plan = steady.decide();

        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.STEADY)
                .hasNoActions()
                .waitsForEvents()
                .keepsRecord(steady.record());
    }
}
