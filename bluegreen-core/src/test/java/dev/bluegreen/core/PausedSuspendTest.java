package dev.bluegreen.core;

import dev.bluegreen.core.simulation.TransitionSimulator;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pause never leaves nothing running: a suspend in flight gives way to a resume even while paused
 * (found by the random schedule sweep, seeds 37038 and 57051: suspend, then resume and pause).
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
    void pausedSuspendStaysPausedWhenTheRunningDesiredSpecFailedBefore() {
        // Given
        var given =
                CommandStateTableFixtures.suspendPaused(Color.BLUE)
                        .failed("s2")
                        .desired("s2", ChangeKind.RESUME);

        // When
        Plan plan = given.decide();

        // Then
        PlanAssert.assertThat(plan)
                .movesTo(BlueGreenState.PATCHING_BLUE)
                .because(Reason.PAUSED)
                .hasNoActions();
    }
}
