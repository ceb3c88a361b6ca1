package dev.bluegreen.operator.internal.status;

import dev.bluegreen.operator.internal.validate.SpecProblem;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.bluegreen.operator.internal.status.StatusFixtures.T2;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T3;
import static dev.bluegreen.operator.internal.status.StatusFixtures.condition;
import static dev.bluegreen.operator.internal.status.StatusFixtures.steadyBlue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A status the controller cannot act on is reported and kept as it is: the controller never starts
 * over from an empty record beside what runs.
 */
class UnreadableStatusTest {

    @Test
    void aStatusTheMapperWroteIsReadable() {
        assertThat(UnreadableStatus.problems(steadyBlue())).isEmpty();
        assertThat(UnreadableStatus.problems(null)).isEmpty();
        assertThat(
                        UnreadableStatus.problems(
                                new dev.bluegreen.operator.resource
                                        .FlinkBlueGreenDeploymentStatus()))
                .isEmpty();
    }

    @Test
    void unknownValuesAreNamedWithTheirField() {
        var status = steadyBlue();
        status.setTransitionModeText("TURBO");
        status.getTransition().setState("HIBERNATING_BLUE");
        status.setTargetSpec("{not json");

        assertThat(UnreadableStatus.problems(status))
                .extracting(SpecProblem::toString)
                .satisfiesExactly(
                        p ->
                                assertThat(p)
                                        .isEqualTo(
                                                "status.transitionMode: unknown value \"TURBO\""
                                                        + " (expected BASIC or ADVANCED)"),
                        p ->
                                assertThat(p)
                                        .startsWith("status.transition.state: expected one of [")
                                        .endsWith("], got \"HIBERNATING_BLUE\""),
                        p -> assertThat(p).startsWith("status.targetSpec: not valid JSON"));
    }

    @Test
    void unknownDisplayOnlyValuesAreNoProblem() {
        var status = steadyBlue();
        status.setState("SOMETHING_NEW");
        status.getJobStatus().setState("WEIRD");

        assertThat(UnreadableStatus.problems(status)).isEmpty();
    }

    @Test
    void aLostRecordIsAProblem() {
        var status = steadyBlue();
        status.setTransition(null);

        assertThat(UnreadableStatus.problems(status))
                .extracting(SpecProblem::toString)
                .containsExactly("status.transition: missing, but status.state is \"ACTIVE_BLUE\"");
    }

    @Test
    void holdKeepsTheRecordAndReportsOnce() {
        // Given a steady status whose record a newer controller rewrote
        var previous = steadyBlue();
        previous.getTransition().setState("HIBERNATING_BLUE");
        var problems = UnreadableStatus.problems(previous);

        // When the controller holds
        var update = UnreadableStatus.hold(previous, problems, 2, T2);

        // Then every field but conditions and error is kept
        var status = update.status();
        assertThat(status.getTransition()).isEqualTo(previous.getTransition());
        assertThat(status.getState()).isEqualTo(previous.getState());
        assertThat(status.getLastStableSpec()).isEqualTo(previous.getLastStableSpec());
        assertThat(status.getObservedGeneration()).isEqualTo(previous.getObservedGeneration());
        assertThat(status.getTransitionModeText()).isEqualTo("BASIC");
        assertThat(condition(status, "Ready")).isEqualTo(condition(previous, "Ready"));
        var invalid = condition(status, "InvalidSpec");
        assertThat(invalid.getStatus()).isEqualTo("True");
        assertThat(invalid.getReason()).isEqualTo("UnreadableStatus");
        assertThat(invalid.getMessage()).contains("status.transition.state", "HIBERNATING_BLUE");
        assertThat(condition(status, "Progressing").getReason()).isEqualTo("UnreadableStatus");
        assertThat(status.getError()).isEqualTo(invalid.getMessage());
        assertThat(update.events())
                .containsExactly(EventSpec.warning("UnreadableStatus", invalid.getMessage()));
        // and holding again changes nothing and repeats no event
        var again = UnreadableStatus.hold(status, problems, 2, T3);
        assertThat(again.status()).isEqualTo(status);
        assertThat(again.events()).isEmpty();
        assertThat(previous.getTransition().getState()).isEqualTo("HIBERNATING_BLUE");
    }

    @Test
    void holdListsSpecProblemsAfterStatusProblems() {
        var previous = steadyBlue();
        previous.setTransitionModeText("TURBO");
        var problems =
                List.of(
                        UnreadableStatus.problems(previous).get(0),
                        new SpecProblem("spec.transitionMode", "unknown value \"FANCY\""));

        var status = UnreadableStatus.hold(previous, problems, 1, T2).status();

        assertThat(condition(status, "InvalidSpec").getMessage())
                .isEqualTo(
                        "status.transitionMode: unknown value \"TURBO\" (expected BASIC or"
                                + " ADVANCED); spec.transitionMode: unknown value \"FANCY\"");
    }
}
