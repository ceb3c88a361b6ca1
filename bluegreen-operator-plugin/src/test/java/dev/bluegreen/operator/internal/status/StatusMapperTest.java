package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.Reason;
import dev.bluegreen.operator.resource.TransitionMode;

import org.junit.jupiter.api.Test;

import static dev.bluegreen.operator.internal.status.StatusFixtures.PARENT;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T1;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T2;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T3;
import static dev.bluegreen.operator.internal.status.StatusFixtures.child;
import static dev.bluegreen.operator.internal.status.StatusFixtures.condition;
import static dev.bluegreen.operator.internal.status.StatusFixtures.plan;
import static dev.bluegreen.operator.internal.status.StatusFixtures.record;
import static dev.bluegreen.operator.internal.status.StatusFixtures.running;
import static dev.bluegreen.operator.internal.status.StatusFixtures.statusOf;
import static dev.bluegreen.operator.internal.status.StatusFixtures.steadyBlue;
import static org.assertj.core.api.Assertions.assertThat;

/** The status fields and conditions computed by {@link StatusMapper}. */
class StatusMapperTest {

    StatusUpdate firstDeploy() {
        return StatusMapper.map(
                StatusInput.builder(PARENT, 1, T1)
                        .plan(
                                plan(
                                        BlueGreenState.TRANSITIONING_TO_BLUE,
                                        null,
                                        Reason.INITIAL_DEPLOY))
                        .blue(child(Lifecycle.CREATED, JobState.RECONCILING, null))
                        .build());
    }

    @Test
    void firstDeploymentIsProgressingAndNotReady() {
        // When the engine deploys blue for the first time
        var update = firstDeploy();
        // Then
        var status = update.status();
        assertThat(status.getState()).isEqualTo("TRANSITIONING_TO_BLUE");
        assertThat(status.getObservedGeneration()).isEqualTo(1L);
        assertThat(status.getActiveColor()).isNull();
        assertThat(status.getActiveChild()).isNull();
        assertThat(status.getJobStatus().getState()).isEqualTo("RECONCILING");
        assertThat(status.getTransitionMode()).isEqualTo(TransitionMode.BASIC);
        assertThat(status.getTransition().getState()).isEqualTo("TRANSITIONING_TO_BLUE");
        assertThat(status.getError()).isNull();
        assertThat(status.getConditions())
                .extracting(c -> c.getType() + "=" + c.getStatus() + "/" + c.getReason())
                .containsExactly(
                        "Ready=False/NotDeployed",
                        "Progressing=True/InitialDeploy",
                        "Degraded=False/Healthy",
                        "InvalidSpec=False/Valid");
        assertThat(status.getConditions())
                .allSatisfy(
                        c -> {
                            assertThat(c.getLastTransitionTime()).isEqualTo("2026-11-30T10:00:00Z");
                            assertThat(c.getObservedGeneration()).isEqualTo(1L);
                        });
        assertThat(update.events())
                .containsExactly(EventSpec.normal("InitialDeploy", "initial_deploy message"));
    }

    @Test
    void completedDeploymentIsReadyAndKeepsTimesOfUnflippedConditions() {
        // Given the first deployment's status
        var previous = firstDeploy().status();
        // When blue became ready and serves
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T2)
                                .previous(previous)
                                .plan(
                                        plan(
                                                BlueGreenState.ACTIVE_BLUE,
                                                Color.BLUE,
                                                Reason.TRANSITION_COMPLETED))
                                .blue(running("job-1"))
                                .stableSpecJson("{\"template\":{}}")
                                .build());
        // Then
        var status = update.status();
        assertThat(status.getActiveColor()).isEqualTo("BLUE");
        assertThat(status.getActiveChild()).isEqualTo("orders-blue");
        assertThat(status.getJobStatus().getState()).isEqualTo("RUNNING");
        assertThat(status.getJobStatus().getJobId()).isEqualTo("job-1");
        assertThat(status.getLastStableSpec()).isEqualTo("{\"template\":{}}");
        assertThat(condition(status, "Ready").getStatus()).isEqualTo("True");
        assertThat(condition(status, "Ready").getMessage()).contains("orders-blue");
        assertThat(condition(status, "Ready").getLastTransitionTime())
                .isEqualTo("2026-11-30T10:05:00Z");
        assertThat(condition(status, "Progressing").getStatus()).isEqualTo("False");
        assertThat(condition(status, "Progressing").getLastTransitionTime())
                .isEqualTo("2026-11-30T10:05:00Z");
        assertThat(condition(status, "InvalidSpec").getLastTransitionTime())
                .as("not flipped: kept")
                .isEqualTo("2026-11-30T10:00:00Z");
        assertThat(update.events())
                .containsExactly(
                        EventSpec.normal("TransitionCompleted", "transition_completed message"));
    }

    @Test
    void equalInputsGiveAnEqualStatusAndRepeatingAReconcileChangesNothing() {
        var previous = firstDeploy().status();
        StatusInput input =
                StatusInput.builder(PARENT, 1, T2)
                        .previous(previous)
                        .plan(plan(BlueGreenState.ACTIVE_BLUE, Color.BLUE, Reason.STEADY))
                        .blue(running("job-1"))
                        .build();

        var first = StatusMapper.map(input);
        var second = StatusMapper.map(input);
        assertThat(second.status()).isEqualTo(first.status());
        assertThat(second.status().hashCode()).isEqualTo(first.status().hashCode());

        // When the same reconcile runs later on the status it wrote
        var again =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T3)
                                .previous(first.status())
                                .plan(plan(BlueGreenState.ACTIVE_BLUE, Color.BLUE, Reason.STEADY))
                                .blue(running("job-1"))
                                .build());
        // Then there is nothing to write and nothing to emit
        assertThat(again.changes(first.status())).isFalse();
        assertThat(again.events()).isEmpty();
        assertThat(first.changes(previous)).isTrue();
    }

    @Test
    void newGenerationChangesObservedGenerationOnly() {
        var steady = steadyBlue();
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 2, T3)
                                .previous(steady)
                                .plan(plan(BlueGreenState.ACTIVE_BLUE, Color.BLUE, Reason.STEADY))
                                .blue(running("job-1"))
                                .build());

        assertThat(update.status().getObservedGeneration()).isEqualTo(2L);
        assertThat(update.status().getConditions())
                .allSatisfy(c -> assertThat(c.getObservedGeneration()).isEqualTo(2L));
        assertThat(update.status().getConditions())
                .extracting(c -> c.getLastTransitionTime())
                .containsExactlyElementsOf(
                        steady.getConditions().stream()
                                .map(c -> c.getLastTransitionTime())
                                .toList());
    }

    @Test
    void failingServingChildIsDegradedWithAnError() {
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T2)
                                .previous(steadyBlue())
                                .plan(
                                        plan(
                                                BlueGreenState.FAILING_BLUE,
                                                Color.BLUE,
                                                Reason.ACTIVE_CHILD_FAILING))
                                .blue(child(Lifecycle.STABLE, JobState.FAILING, "job-1"))
                                .build());

        var status = update.status();
        assertThat(condition(status, "Ready").getStatus()).isEqualTo("False");
        assertThat(condition(status, "Degraded").getStatus()).isEqualTo("True");
        assertThat(condition(status, "Degraded").getReason()).isEqualTo("JobFailing");
        assertThat(status.getError()).isEqualTo("orders-blue: lifecycle STABLE, job FAILING");
        assertThat(status.getJobStatus().getState()).isEqualTo("FAILING");
        assertThat(update.events())
                .containsExactly(EventSpec.warning("JobFailing", "active_child_failing message"));
    }

    @Test
    void failingJobOfAnActiveStateIsDegradedToo() {
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T2)
                                .previous(steadyBlue())
                                .plan(plan(BlueGreenState.ACTIVE_BLUE, Color.BLUE, Reason.STEADY))
                                .blue(child(Lifecycle.STABLE, JobState.RESTARTING, "job-1"))
                                .build());

        assertThat(condition(update.status(), "Degraded").getReason()).isEqualTo("JobFailing");
        assertThat(condition(update.status(), "Ready").getReason())
                .isEqualTo("ServingChildNotReady");
    }

    @Test
    void suspendedDeploymentIsNotReady() {
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T2)
                                .previous(steadyBlue())
                                .plan(
                                        plan(
                                                BlueGreenState.SUSPENDED_BLUE,
                                                Color.BLUE,
                                                Reason.SUSPENDED))
                                .blue(child(Lifecycle.SUSPENDED, JobState.SUSPENDED, null))
                                .build());

        assertThat(condition(update.status(), "Ready").getReason()).isEqualTo("Suspended");
        assertThat(update.status().getJobStatus().getState()).isEqualTo("SUSPENDED");
        assertThat(update.status().getJobStatus().getJobId()).isNull();
    }

    @Test
    void missingServingChildIsNamedInTheReadyCondition() {
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T2)
                                .previous(steadyBlue())
                                .plan(
                                        plan(
                                                BlueGreenState.PATCHING_BLUE,
                                                Color.BLUE,
                                                Reason.CHILD_RECREATED))
                                .build());

        assertThat(condition(update.status(), "Ready").getMessage())
                .isEqualTo("orders-blue does not exist");
        assertThat(update.status().getJobStatus()).isNull();
    }

    @Test
    void heldDeadlineIsNotProgressingAndDegraded() {
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T2)
                                .previous(
                                        statusOf(
                                                record(
                                                        BlueGreenState.TRANSITIONING_TO_GREEN,
                                                        Color.BLUE)))
                                .plan(
                                        plan(
                                                BlueGreenState.TRANSITIONING_TO_GREEN,
                                                Color.BLUE,
                                                Reason.DEADLINE_EXCEEDED_HOLD))
                                .blue(running("job-1"))
                                .build());

        assertThat(condition(update.status(), "Progressing").getStatus()).isEqualTo("False");
        assertThat(condition(update.status(), "Progressing").getReason())
                .isEqualTo("UpgradeStalled");
        assertThat(condition(update.status(), "Degraded").getStatus()).isEqualTo("True");
        assertThat(condition(update.status(), "Ready").getStatus())
                .as("blue still serves")
                .isEqualTo("True");
    }

    @Test
    void failedSpecAtRestIsDegradedUntilRetried() {
        var record =
                record(BlueGreenState.ACTIVE_BLUE, Color.BLUE).toBuilder()
                        .failedSpecRef("bad42")
                        .build();
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T2)
                                .previous(steadyBlue())
                                .plan(plan(record, Reason.FAILED_SPEC_NOT_RETRIED, "not retried"))
                                .blue(running("job-1"))
                                .build());

        assertThat(condition(update.status(), "Degraded").getReason()).isEqualTo("RolloutFailed");
        assertThat(update.status().getError()).contains("bad42");
        assertThat(condition(update.status(), "Ready").getStatus()).isEqualTo("True");
    }
}
