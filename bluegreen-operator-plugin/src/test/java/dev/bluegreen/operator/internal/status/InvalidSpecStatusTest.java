package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.resource.TransitionMode;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.bluegreen.operator.internal.status.StatusFixtures.PARENT;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T1;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T2;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T3;
import static dev.bluegreen.operator.internal.status.StatusFixtures.condition;
import static dev.bluegreen.operator.internal.status.StatusFixtures.plan;
import static dev.bluegreen.operator.internal.status.StatusFixtures.running;
import static dev.bluegreen.operator.internal.status.StatusFixtures.steadyBlue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The status of an invalid spec, the transition mode and malformed previous statuses. */
class InvalidSpecStatusTest {

    @Test
    void invalidSpecKeepsTheEngineStateAndReportsEveryProblem() {
        // Given a steady deployment
        var steady = steadyBlue();
        var problems =
                List.of(
                        new SpecProblem("metadata.name", "too long"),
                        new SpecProblem("spec.template.spec.job", "required"));
        // When the spec becomes invalid (the engine does not run)
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 2, T2)
                                .previous(steady)
                                .problems(problems)
                                .blue(running("job-1"))
                                .build());
        // Then
        var status = update.status();
        assertThat(status.getState()).isEqualTo("ACTIVE_BLUE");
        assertThat(status.getTransition()).isEqualTo(steady.getTransition());
        assertThat(status.getLastStableSpec()).isEqualTo(steady.getLastStableSpec());
        assertThat(status.getObservedGeneration()).isEqualTo(2L);
        assertThat(condition(status, "InvalidSpec").getStatus()).isEqualTo("True");
        assertThat(condition(status, "InvalidSpec").getMessage())
                .isEqualTo("metadata.name: too long; spec.template.spec.job: required");
        assertThat(condition(status, "Progressing").getReason()).isEqualTo("InvalidSpec");
        assertThat(condition(status, "Ready").getStatus()).isEqualTo("True");
        assertThat(status.getError()).isEqualTo(condition(status, "InvalidSpec").getMessage());
    }

    @Test
    void longProblemListsAreCut() {
        var problems =
                java.util.stream.IntStream.range(0, 12)
                        .mapToObj(i -> new SpecProblem("spec.f" + i, "bad"))
                        .toList();
        var update =
                StatusMapper.map(StatusInput.builder(PARENT, 1, T1).problems(problems).build());

        assertThat(condition(update.status(), "InvalidSpec").getMessage())
                .contains("spec.f9: bad")
                .doesNotContain("spec.f10")
                .endsWith("; and 2 more");
    }

    @Test
    void invalidNameKeepsThePreviousActiveChild() {
        var steady = steadyBlue();
        var update =
                StatusMapper.map(
                        StatusInput.builder("Not_Valid", 1, T2)
                                .previous(steady)
                                .problems(List.of(new SpecProblem("metadata.name", "invalid")))
                                .build());

        assertThat(update.status().getActiveChild()).isEqualTo("orders-blue");
    }

    @Test
    void transitionModeIsRecordedAtTheFirstDeploymentAndNeverChanges() {
        var initializing =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T1)
                                .transitionMode(TransitionMode.ADVANCED)
                                .plan(
                                        plan(
                                                BlueGreenState.INITIALIZING_BLUE,
                                                null,
                                                Reason.INITIAL_DEPLOY_BLOCKED_SUSPENDED))
                                .build());
        assertThat(initializing.status().getTransitionMode()).isNull();

        var steady = steadyBlue();
        var later =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 3, T3)
                                .previous(steady)
                                .transitionMode(TransitionMode.ADVANCED)
                                .plan(plan(BlueGreenState.ACTIVE_BLUE, Color.BLUE, Reason.STEADY))
                                .build());
        assertThat(later.status().getTransitionMode()).isEqualTo(TransitionMode.BASIC);
    }

    @Test
    void malformedPreviousStatusFailsNamingTheField() {
        var broken = steadyBlue();
        broken.getTransition().setDeadline("tomorrow");

        assertThatThrownBy(
                        () ->
                                StatusMapper.map(
                                        StatusInput.builder(PARENT, 1, T2)
                                                .previous(broken)
                                                .plan(
                                                        plan(
                                                                BlueGreenState.ACTIVE_BLUE,
                                                                Color.BLUE,
                                                                Reason.STEADY))
                                                .build()))
                .isInstanceOf(InvalidStatusException.class)
                .hasMessageStartingWith("status.transition.deadline:");
    }
}
