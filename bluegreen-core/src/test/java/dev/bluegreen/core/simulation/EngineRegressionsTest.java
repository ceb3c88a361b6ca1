package dev.bluegreen.core.simulation;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.PhaseDeadline;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionPolicy;

import org.junit.jupiter.api.Test;

import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Focused reproductions of invariant violations the random schedules found in the engine (seeds
 * named per test), kept as regression tests now that the engine handles them.
 */
class EngineRegressionsTest {

    /** Traffic points at an existing child that is stable and running. */
    private static void assertTrafficOnARunningChild(SimulationResult result) {
        assertThat(result.trafficColor()).isPresent();
        assertThat(result.child(result.trafficColor().get()).stableAndRunning()).isTrue();
    }

    @Test
    void firstDeploymentThatMissedItsDeadlineGetsTrafficOnceItRecovers() {
        // Seeds 18, 37, 306: FAILING_BLUE -[ACTIVE_CHILD_RECOVERED]-> ACTIVE_BLUE never switched.
        var policy =
                TransitionPolicy.builder()
                        .readinessDeadline(PhaseDeadline.rollbackAfter(ofMinutes(2)))
                        .build();
        var sim =
                TransitionSimulator.builder()
                        .policy(policy)
                        .blue(ChildScript.readyAfter(ofMinutes(3)))
                        .build();

        var result = sim.deploy().runUntilResting();

        assertThat(result.reasons())
                .contains(Reason.DEADLINE_EXCEEDED_ROLLBACK, Reason.ACTIVE_CHILD_RECOVERED);
        assertThat(result.finalState()).isEqualTo(BlueGreenState.ACTIVE_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
    }

    @Test
    void abortWhileTheServingChildIsDeletedByHandKeepsTrafficOnAnExistingChild() {
        // Seeds 426, 497: ABORTED_BY_USER -> FAILING_GREEN while traffic stayed on a vanished blue.
        var sim = TransitionSimulator.builder().green(ChildScript.readyAfter(ofMinutes(5))).build();
        sim.deploy().runUntilResting();
        sim.changeSpec(ChangeKind.TRANSITION).runFor(ofSeconds(40));

        var result = sim.deleteByHand(Color.BLUE).abort().runUntilResting();

        assertThat(result.reasons()).contains(Reason.ABORTED_BY_USER);
        assertTrafficOnARunningChild(result);
    }

    @Test
    void newChildDeletedByHandWhileTheOldOneFailsInRetirementIsReplaced() {
        // Seed 667: RETIRING_BLUE, green (receiving traffic) deleted by hand, nothing recreated.
        var policy = TransitionPolicy.builder().deletionDelay(ofMinutes(5)).build();
        var sim = TransitionSimulator.builder().policy(policy).build();
        sim.deploy().runUntilResting();
        sim.changeSpec(ChangeKind.TRANSITION).runFor(ofMinutes(2));
        assertThat(sim.record().state()).isEqualTo(BlueGreenState.RETIRING_BLUE);

        var result = sim.failJob(Color.BLUE).deleteByHand(Color.GREEN).runUntilResting();

        assertTrafficOnARunningChild(result);
    }

    @Test
    void pausedDeploymentStillRecreatesItsOnlyChildDeletedByHand() {
        // Seeds 359, 980: paused PATCHING_BLUE, blue deleted by hand and gone, nothing recreated.
        var sim = TransitionSimulator.builder().blue(ChildScript.readyAfter(ofMinutes(3))).build();
        sim.deploy().runUntilResting();
        sim.changeSpec(ChangeKind.PATCH_CHILD).runFor(ofSeconds(30));
        assertThat(sim.record().state()).isEqualTo(BlueGreenState.PATCHING_BLUE);

        var result = sim.paused(true).deleteByHand(Color.BLUE).runFor(ofMinutes(1));

        assertThat(result.child(Color.BLUE).present()).isTrue();
        assertThat(result.child(Color.BLUE).suspendedBySpec()).isFalse();
    }

    @Test
    void firstDeploymentGetsTrafficAsSoonAsItRunsSoACrashBeforeTheSoakEndsLosesNothing() {
        // Seed 25304: the switch at the end of the soak crashed before persisting, blue then
        // failed, and the record said "no traffic" while traffic pointed at blue.
        var sim =
                TransitionSimulator.builder()
                        .blue(
                                ChildScript.readyAfter(ofSeconds(20))
                                        .failingEveryRunAfter(ofSeconds(40)))
                        .build();
        sim.deploy().runFor(ofSeconds(30));
        assertThat(sim.record().state()).isEqualTo(BlueGreenState.TRANSITIONING_TO_BLUE);
        assertThat(sim.result().trafficColor()).contains(Color.BLUE);
        assertThat(sim.record().trafficColor()).isEqualTo(Color.BLUE);

        var result = sim.crashBeforePersistingNextRecord().runUntilResting();

        assertThat(result.finalState()).isEqualTo(BlueGreenState.FAILING_BLUE);
        assertThat(result.trafficColor()).contains(Color.BLUE);
        assertThat(result.record().trafficColor()).isEqualTo(Color.BLUE);
    }

    @Test
    void pausedPatchRecreatesAChildDeletedByHandWithTheSpecWrittenBeforeACrash() {
        // Seed 1910: a suspend of blue, overtaken by a re-patch to a running spec whose record was
        // lost in a crash; paused, blue deleted by hand was recreated suspended.
        var sim =
                TransitionSimulator.builder()
                        .blue(
                                ChildScript.readyAfter(ofSeconds(20))
                                        .savepointCompletesAfter(ofMinutes(1)))
                        .build();
        sim.deploy().runUntilResting();
        sim.changeSpec(ChangeKind.SUSPEND).runFor(ofSeconds(10));
        assertThat(sim.record().state()).isEqualTo(BlueGreenState.PATCHING_BLUE);
        sim.changeSpec(ChangeKind.RESUME).changeSpec(ChangeKind.PATCH_CHILD).paused(true);
        sim.crashBeforePersistingNextRecord().step();
        assertThat(sim.record().targetSpecRef()).isEqualTo("v0-suspended");

        var result = sim.deleteByHand(Color.BLUE).runFor(ofMinutes(2));

        assertThat(result.reasons()).contains(Reason.CHILD_RECREATED);
        assertThat(result.child(Color.BLUE).specRef()).isEqualTo("v1");
        assertThat(result.child(Color.BLUE).suspendedBySpec()).isFalse();
    }

    @Test
    void randomSchedulesWhoseSuspendWasOvertakenKeepAChildRunning() {
        // Seeds 1910 (above) and 8086 (a resume into the failed spec while blue still stopped)
        for (long seed : new long[] {1910, 8086}) {
            var builder = TransitionSimulator.builder().policy(RandomSchedule.randomPolicy(seed));

            var result = RandomSchedule.run(builder, seed);

            assertThat(result.trafficColor()).isPresent();
        }
    }

    @Test
    void randomScheduleThatDeletesBothChildrenWhileRetiringKeepsTrafficOnAnExistingChild() {
        // Seed 43499 (held deadlines): both deleted by hand in RETIRING_GREEN, blue serving gone
        long seed = 43499;
        var builder = TransitionSimulator.builder().policy(RandomSchedule.randomPolicy(seed, true));

        var result = RandomSchedule.run(builder, seed);

        assertTrafficOnARunningChild(result);
    }

    @Test
    void randomScheduleWhoseFirstDeploymentFailsAfterACrashedSwitchKeepsTheRecordOnTheTraffic() {
        long seed = 25304;
        var builder = TransitionSimulator.builder().policy(RandomSchedule.randomPolicy(seed));

        var result = RandomSchedule.run(builder, seed);

        assertThat(result.record().trafficColor()).isEqualTo(result.trafficColor().orElse(null));
    }
}
