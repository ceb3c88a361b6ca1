package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.observe.ChildError;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.bluegreen.operator.internal.status.StatusFixtures.PARENT;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T1;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T2;
import static dev.bluegreen.operator.internal.status.StatusFixtures.child;
import static dev.bluegreen.operator.internal.status.StatusFixtures.condition;
import static dev.bluegreen.operator.internal.status.StatusFixtures.plan;
import static dev.bluegreen.operator.internal.status.StatusFixtures.record;
import static dev.bluegreen.operator.internal.status.StatusFixtures.running;
import static dev.bluegreen.operator.internal.status.StatusFixtures.statusOf;
import static org.assertj.core.api.Assertions.assertThat;

/** Where a child's {@code status.error} shows up on the parent. */
class ChildFailuresTest {
    static final ChildError GREEN_ERROR =
            new ChildError(Color.GREEN, "orders-green", "boom", "do this");
    static final ChildError BLUE_ERROR = new ChildError(Color.BLUE, "orders-blue", "old", null);
    static final ChildObservation FAILED = child(Lifecycle.FAILED, JobState.FAILED, "job-2");

    @Test
    void waitingForAFailingGreenShowsItsErrorInProgressing() {
        // Given: blue runs (with an old error), green fails
        var before = record(BlueGreenState.TRANSITIONING_TO_GREEN, Color.BLUE);
        var input =
                StatusInput.builder(PARENT, 2, T2)
                        .previous(statusOf(before))
                        .plan(plan(before, Reason.WAITING_FOR_READINESS, "waiting for green"))
                        .blue(running("job-1"))
                        .green(FAILED)
                        .childErrors(List.of(BLUE_ERROR, GREEN_ERROR))
                        .build();

        // When
        var status = StatusMapper.map(input).status();

        // Then
        assertThat(condition(status, "Progressing").getMessage())
                .isEqualTo("waiting for green; orders-green: boom; hint: do this");
    }

    @Test
    void rollbackEventsAndRolloutFailedCarryTheErrorWhichOutlivesTheChild() {
        // Given: the readiness deadline rolls back to blue while green fails
        var before = record(BlueGreenState.TRANSITIONING_TO_GREEN, Color.BLUE);
        TransitionRecord after =
                record(BlueGreenState.ACTIVE_BLUE, Color.BLUE).toBuilder()
                        .failedSpecRef("target2")
                        .build();
        Plan rollback = plan(after, Reason.DEADLINE_EXCEEDED_ROLLBACK, "green did not start");

        // When
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 2, T2)
                                .previous(statusOf(before))
                                .plan(rollback)
                                .blue(running("job-1"))
                                .green(FAILED)
                                .childErrors(List.of(GREEN_ERROR))
                                .build());
        FlinkBlueGreenDeploymentStatus next =
                StatusMapper.map(
                                StatusInput.builder(PARENT, 2, T2.plusSeconds(5))
                                        .previous(update.status())
                                        .plan(plan(after, Reason.FAILED_SPEC_NOT_RETRIED, "rest"))
                                        .blue(running("job-1"))
                                        .build())
                        .status();

        // Then
        String shown = "green did not start; orders-green: boom; hint: do this";
        assertThat(update.events())
                .extracting(EventSpec::reason, EventSpec::message)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("UpgradeAborted", shown),
                        org.assertj.core.groups.Tuple.tuple("RollbackToBlue", shown));
        String degraded = condition(update.status(), "Degraded").getMessage();
        assertThat(degraded)
                .startsWith("spec target2 failed to roll out")
                .endsWith("; orders-green: boom; hint: do this");
        assertThat(update.status().getError()).isEqualTo(degraded);
        assertThat(condition(next, "Degraded").getMessage()).isEqualTo(degraded);
    }

    @Test
    void anAbortWithoutAChildErrorKeepsItsCauseOnDegradedAfterProgressingMovesOn() {
        // Given: the catch-up deadline aborts a green that runs but never caught up
        var before = record(BlueGreenState.TRANSITIONING_TO_GREEN, Color.BLUE);
        TransitionRecord after =
                record(BlueGreenState.ACTIVE_BLUE, Color.BLUE).toBuilder()
                        .failedSpecRef("target2")
                        .build();
        String cause = "green did not catch up within PT1M (backlog 7,018 records)";

        // When the abort is written, then the parent rests on the failed spec
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 2, T2)
                                .previous(statusOf(before))
                                .plan(plan(after, Reason.DEADLINE_EXCEEDED_ROLLBACK, cause))
                                .blue(running("job-1"))
                                .build());
        FlinkBlueGreenDeploymentStatus next =
                StatusMapper.map(
                                StatusInput.builder(PARENT, 2, T2.plusSeconds(5))
                                        .previous(update.status())
                                        .plan(plan(after, Reason.FAILED_SPEC_NOT_RETRIED, "rest"))
                                        .blue(running("job-1"))
                                        .build())
                        .status();

        // Then the cause stays on Degraded
        assertThat(condition(update.status(), "Degraded").getMessage()).endsWith("; " + cause);
        assertThat(condition(next, "Degraded").getMessage()).endsWith("; " + cause);
    }

    @Test
    void failingServingChildShowsItsErrorInDegradedAndTheEvent() {
        // Given
        var before = record(BlueGreenState.ACTIVE_BLUE, Color.BLUE);
        var failing = record(BlueGreenState.FAILING_BLUE, Color.BLUE);
        var input =
                StatusInput.builder(PARENT, 1, T1)
                        .previous(statusOf(before))
                        .plan(plan(failing, Reason.ACTIVE_CHILD_FAILING, "blue is failing"))
                        .blue(FAILED)
                        .childErrors(List.of(BLUE_ERROR))
                        .build();

        // When
        var update = StatusMapper.map(input);

        // Then
        assertThat(update.events())
                .extracting(EventSpec::message)
                .containsExactly("blue is failing; orders-blue: old");
        assertThat(condition(update.status(), "Degraded").getMessage())
                .isEqualTo("orders-blue: lifecycle FAILED, job FAILED; orders-blue: old");
    }

    @Test
    void errorsOfRunningChildrenAndOtherReasonsAreNotShown() {
        // Given: green runs again; and a soak, which is not about a failure
        var before = record(BlueGreenState.TRANSITIONING_TO_GREEN, Color.BLUE);
        var running =
                StatusInput.builder(PARENT, 2, T2)
                        .previous(statusOf(before))
                        .plan(plan(before, Reason.WAITING_FOR_READINESS, "waiting"))
                        .blue(running("job-1"))
                        .green(running("job-2"))
                        .childErrors(List.of(GREEN_ERROR))
                        .build();
        var soaking =
                StatusInput.builder(PARENT, 2, T2)
                        .previous(statusOf(before))
                        .plan(plan(before, Reason.SOAKING, "soaking"))
                        .blue(running("job-1"))
                        .green(FAILED)
                        .childErrors(List.of(GREEN_ERROR))
                        .build();

        // Then
        assertThat(condition(StatusMapper.map(running).status(), "Progressing").getMessage())
                .isEqualTo("waiting");
        assertThat(condition(StatusMapper.map(soaking).status(), "Progressing").getMessage())
                .isEqualTo("soaking");
    }
}
