package dev.bluegreen.core;

import dev.bluegreen.core.Action.DeleteChild;
import dev.bluegreen.core.Action.SwitchTraffic;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.RETIRING_GREEN;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static dev.bluegreen.core.Children.failing;
import static dev.bluegreen.core.Children.running;
import static dev.bluegreen.core.Children.starting;
import static dev.bluegreen.core.Color.BLUE;
import static dev.bluegreen.core.Color.GREEN;
import static dev.bluegreen.core.GatedStateTableFixtures.gate;
import static dev.bluegreen.core.GatedStateTableFixtures.ownedBy;
import static dev.bluegreen.core.GatedStateTableFixtures.readyGated;
import static dev.bluegreen.core.GatedStateTableFixtures.requestedLongAgo;
import static dev.bluegreen.core.GatedStateTableFixtures.retiringGated;
import static dev.bluegreen.core.PlanAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/** ADVANCED mode: the engine hands the output over through the gate (policy gatedHandover). */
class GatedHandoverTest {

    @Test
    void switchesTrafficOnlyAfterTheCutoverIsCommitted() {
        // Given green is ready and the gate still gives blue the output
        var ready = readyGated(GREEN).gate(ownedBy(BLUE));

        // When
        Plan asked = ready.decide();
        Plan switched =
                Given.from(asked.record())
                        .gated()
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(BLUE, running("s1"))
                        .child(GREEN, running("s2"))
                        .gate(ownedBy(GREEN))
                        .decide();

        // Then: first only the wish, then the switch once the gate committed it
        assertThat(asked)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.WAITING_FOR_CUTOVER)
                .hasNoActions()
                .requeuesAfter(Gate.POLL)
                .record(r -> assertThat(r.outputOwner()).isEqualTo(GREEN));
        assertThat(switched)
                .movesTo(RETIRING_BLUE)
                .because(Reason.CUTOVER_COMMITTED)
                .hasActions(new SwitchTraffic(GREEN))
                .record(r -> assertThat(r.outputOwner()).isEqualTo(GREEN));
    }

    @Test
    void theDrainDeadlineCountsFromWhenBlueMayBeRetired() {
        // Given blue is kept for 5 min after the switch; the cutover deadline is 5 min
        var committed =
                readyGated(GREEN)
                        .policy(p -> p.deletionDelay(Duration.ofMinutes(5)))
                        .record(r -> r.outputOwner(GREEN))
                        .gate(ownedBy(GREEN));

        Plan plan = committed.decide();

        assertThat(plan)
                .because(Reason.CUTOVER_COMMITTED)
                .record(r -> assertThat(r.deadline()).isEqualTo(Given.T0.plusSeconds(600)));
    }

    @Test
    void keepsBlueUntilEveryBlueSubtaskIsDrained() {
        // Given traffic and output are on green, blue's deletion delay passed
        var undrained = retiringGated(BLUE).gate(ownedBy(GREEN));
        var drained = retiringGated(BLUE).gate(gate(GREEN, BLUE));

        // When
        Plan waiting = undrained.decide();
        Plan retired = drained.decide();

        // Then
        assertThat(waiting)
                .movesTo(RETIRING_BLUE)
                .because(Reason.WAITING_FOR_DRAIN)
                .hasNoActions()
                .requeuesAfter(Gate.POLL);
        assertThat(retired)
                .movesTo(ACTIVE_GREEN)
                .because(Reason.TRANSITION_COMPLETED)
                .hasActions(new DeleteChild(BLUE))
                .record(r -> assertThat(r.outputOwner()).isEqualTo(GREEN));
    }

    @Test
    void rollsBackWhenGreenDoesNotCatchUpInTime() {
        // Given the cutover to green was asked for 11 min ago (catch-up deadline 10 min)
        var late = requestedLongAgo(GREEN);

        // When
        Plan plan = late.decide();

        // Then: the output stays with blue, green is retired, its spec marked failed
        assertThat(plan)
                .movesTo(ACTIVE_BLUE)
                .because(Reason.DEADLINE_EXCEEDED_ROLLBACK)
                .hasActions(new DeleteChild(GREEN))
                .record(
                        r -> {
                            assertThat(r.outputOwner()).isEqualTo(BLUE);
                            assertThat(r.failedSpecRef()).isEqualTo("s2");
                        });
    }

    @Test
    void hotRollbackMovesTheOutputBackBeforeRetiringGreen() {
        // Given green serves and owns the output, then stops running (not failing); blue runs
        var greenStops = Scenarios.retiring(BLUE).gated().child(GREEN, starting("s2"));

        // When
        Plan back = greenStops.decide();
        Given next =
                Given.from(back.record())
                        .gated()
                        .desired("s2", ChangeKind.TRANSITION)
                        .child(BLUE, running("s1"))
                        .child(GREEN, starting("s2"));
        Plan stillGreen = next.gate(ownedBy(GREEN)).decide();
        Plan undrained = next.gate(ownedBy(BLUE)).decide();
        Plan done = next.gate(gate(BLUE, GREEN)).decide();

        // Then: traffic and wish go back to blue at once; green goes only when drained
        assertThat(back)
                .movesTo(RETIRING_GREEN)
                .because(Reason.ROLLBACK)
                .hasActions(new SwitchTraffic(BLUE))
                .record(
                        r -> {
                            assertThat(r.outputOwner()).isEqualTo(BLUE);
                            assertThat(r.targetSpecRef()).isEqualTo("s1");
                            assertThat(r.failedSpecRef()).isEqualTo("s2");
                        });
        assertThat(stillGreen).because(Reason.WAITING_FOR_CUTOVER).keeps(GREEN);
        assertThat(undrained).because(Reason.WAITING_FOR_DRAIN).keeps(GREEN);
        assertThat(done)
                .movesTo(ACTIVE_BLUE)
                .hasActions(new DeleteChild(GREEN))
                .record(
                        r -> {
                            assertThat(r.stableSpecRef()).isEqualTo("s1");
                            assertThat(r.failedSpecRef()).isEqualTo("s2");
                        });
    }

    @Test
    void promoteSkipsReadinessButNotTheCutover() {
        // Given green just became stable and running (the 30 s soak has not passed)
        var promoted =
                Scenarios.transitioning(GREEN)
                        .gated()
                        .child(GREEN, running("s2"))
                        .gate(ownedBy(BLUE))
                        .promote("p1");

        // When
        Plan plan = promoted.decide();

        // Then
        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.WAITING_FOR_CUTOVER)
                .hasNoActions()
                .saysThat("promoted by the user")
                .record(
                        r -> {
                            assertThat(r.outputOwner()).isEqualTo(GREEN);
                            assertThat(r.handledPromote()).isEqualTo("p1");
                        });
    }

    @Test
    void leavingAFailingBlueStillWaitsForTheCutover() {
        // Given blue serves but fails; green is ready
        var ready = readyGated(GREEN).child(BLUE, failing("s1", null)).gate(ownedBy(BLUE));

        Plan plan = ready.decide();

        // Then: green emits nothing until the gate gives it the output, so traffic waits too
        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.WAITING_FOR_CUTOVER)
                .hasNoActions();
    }

    @Test
    void promoteWhileWaitingForTheCutoverIsRecordedWithoutSwitching() {
        var waiting =
                readyGated(GREEN)
                        .record(r -> r.outputOwner(GREEN))
                        .gate(ownedBy(BLUE))
                        .promote("p2");

        Plan plan = waiting.decide();

        assertThat(plan)
                .because(Reason.WAITING_FOR_CUTOVER)
                .hasNoActions()
                .record(r -> assertThat(r.handledPromote()).isEqualTo("p2"));
    }

    @Test
    void withdrawsTheCutoverRequestWhenGreenStopsBeingReady() {
        var flapping =
                readyGated(GREEN).record(r -> r.outputOwner(GREEN)).child(GREEN, starting("s2"));

        Plan plan = flapping.decide();

        assertThat(plan)
                .movesTo(TRANSITIONING_TO_GREEN)
                .because(Reason.WAITING_FOR_READINESS)
                .record(
                        r -> {
                            assertThat(r.outputOwner()).isEqualTo(BLUE);
                            assertThat(r.readySince()).isNull();
                        });
    }

    @Test
    void firstDeploymentMakesBlueTheOutputOwnerWhenItIsActive() {
        var first = StateTableFixtures.soaked(Scenarios.firstDeployment(BLUE)).gated();
        var initial =
                Given.in(BlueGreenState.INITIALIZING_BLUE)
                        .gated()
                        .stable(null)
                        .desired("s1", ChangeKind.TRANSITION);

        Plan active = first.decide();
        Plan deploying = initial.decide();
        Plan blocked = initial.suspendedSpec().decide();

        assertThat(active)
                .movesTo(ACTIVE_BLUE)
                .record(r -> assertThat(r.outputOwner()).isEqualTo(BLUE));
        assertThat(deploying).record(r -> assertThat(r.outputOwner()).isNull());
        assertThat(blocked).record(r -> assertThat(r.outputOwner()).isNull());
    }

    @Test
    void basicModeIgnoresTheGateAndNeverSetsAnOutputOwner() {
        var ready = StateTableFixtures.soaked(Scenarios.transitioning(GREEN)).gate(ownedBy(BLUE));

        Plan plan = ready.decide();

        assertThat(plan)
                .movesTo(RETIRING_BLUE)
                .because(Reason.TRAFFIC_SWITCHED)
                .record(r -> assertThat(r.outputOwner()).isNull());
    }
}
