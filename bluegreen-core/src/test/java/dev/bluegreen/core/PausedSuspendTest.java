package dev.bluegreen.core;

import dev.bluegreen.core.simulation.TransitionSimulator;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pause never leaves nothing running: a suspend in flight gives way to a resume even while paused
 * (found by the random schedule sweep, seeds 37038 and 57051: suspend, then resume and pause), also
 * when the spec resumed into failed before: then X returns to the stable spec (seed 8086).
 */
class PausedSuspendTest {

    @Test
    void resumeWhileASuspendIsPausedPatchesTheChildBackToRunning() {
        // Given
        var sim = TransitionSimulator.builder().build();
        sim.deploy().runUntilResting();
        sim.changeSpec(ChangeKind.SUSPEND).step();
        assertThat(sim.record().state()).isEqualTo(BlueGreenState.PATCHING_BLUE);

        // When (before the fix: RUNNING_CHILD violated, blue stayed suspended)
        var line = sim.changeSpec(ChangeKind.RESUME).paused(true).step();

        // Then
        assertThat(line.reason()).isEqualTo(Reason.SUPERSEDED);
        assertThat(sim.result().child(Color.BLUE).suspendedBySpec()).isFalse();
    }

    @Test
    void pausedSuspendStaysPausedWhileTheDesiredSpecIsSuspended() {
        // Given
        var given =
                CommandStateTableFixtures.suspendPaused(Color.GREEN)
                        .desired("s3-suspended", ChangeKind.PATCH_CHILD)
                        .suspendedSpec();

        // When
        Plan plan = given.decide();

        // Then
        PlanAssert.assertThat(plan)
                .movesTo(BlueGreenState.PATCHING_GREEN)
                .because(Reason.PAUSED)
                .hasNoActions();
    }

    @Test
    void pausedSuspendGivesWayToTheStableSpecWhenTheRunningDesiredSpecFailedBefore() {
        // Given (seed 8086: this plan used to be PAUSED, and blue was left suspended while the
        // user wanted it running)
        var given =
                CommandStateTableFixtures.suspendPaused(Color.BLUE)
                        .failed("s2")
                        .desired("s2", ChangeKind.RESUME);

        // When
        Plan plan = given.decide();

        // Then the failed s2 is not retried, but blue returns to the stable s1 and runs
        PlanAssert.assertThat(plan)
                .movesTo(BlueGreenState.PATCHING_BLUE)
                .because(Reason.SUPERSEDED)
                .hasActions(new Action.PatchChild(Color.BLUE, "s1"));
        assertThat(plan.record().failedSpecRef()).isEqualTo("s2");
    }
}
