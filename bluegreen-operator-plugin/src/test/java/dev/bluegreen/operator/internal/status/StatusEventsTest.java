package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.operator.internal.validate.SpecProblem;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static dev.bluegreen.core.BlueGreenState.ACTIVE_BLUE;
import static dev.bluegreen.core.BlueGreenState.ACTIVE_GREEN;
import static dev.bluegreen.core.BlueGreenState.FAILING_BLUE;
import static dev.bluegreen.core.BlueGreenState.PATCHING_GREEN;
import static dev.bluegreen.core.BlueGreenState.RETIRING_BLUE;
import static dev.bluegreen.core.BlueGreenState.SAVEPOINTING_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_BLUE;
import static dev.bluegreen.core.BlueGreenState.TRANSITIONING_TO_GREEN;
import static dev.bluegreen.operator.internal.status.StatusFixtures.PARENT;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T1;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T2;
import static dev.bluegreen.operator.internal.status.StatusFixtures.plan;
import static dev.bluegreen.operator.internal.status.StatusFixtures.record;
import static dev.bluegreen.operator.internal.status.StatusFixtures.running;
import static dev.bluegreen.operator.internal.status.StatusFixtures.statusOf;
import static org.assertj.core.api.Assertions.assertThat;

/** The events {@link StatusMapper} asks the controller to emit. */
class StatusEventsTest {

    static Stream<Arguments> transitions() {
        return Stream.of(
                row(
                        "abort while green starts rolls back to blue",
                        TRANSITIONING_TO_GREEN,
                        Color.BLUE,
                        ACTIVE_BLUE,
                        Color.BLUE,
                        Reason.ABORTED_BY_USER,
                        "Warning UpgradeAborted",
                        "Warning RollbackToBlue"),
                row(
                        "readiness deadline rolls back to green",
                        TRANSITIONING_TO_BLUE,
                        Color.GREEN,
                        ACTIVE_GREEN,
                        Color.GREEN,
                        Reason.DEADLINE_EXCEEDED_ROLLBACK,
                        "Warning UpgradeAborted",
                        "Warning RollbackToGreen"),
                row(
                        "cutover switch back names only the colour",
                        RETIRING_BLUE,
                        Color.GREEN,
                        ACTIVE_BLUE,
                        Color.BLUE,
                        Reason.ROLLBACK,
                        "Warning RollbackToBlue"),
                row(
                        "patch deadline patches green back in place",
                        PATCHING_GREEN,
                        Color.GREEN,
                        PATCHING_GREEN,
                        Color.GREEN,
                        Reason.DEADLINE_EXCEEDED_ROLLBACK,
                        "Warning UpgradeAborted",
                        "Warning RollbackToGreen"),
                row(
                        "abort of the savepoint has nothing to roll back",
                        SAVEPOINTING_BLUE,
                        Color.BLUE,
                        ACTIVE_BLUE,
                        Color.BLUE,
                        Reason.ABORTED_BY_USER,
                        "Warning UpgradeAborted"),
                row(
                        "abort of the first deployment has no previous colour",
                        TRANSITIONING_TO_BLUE,
                        null,
                        FAILING_BLUE,
                        null,
                        Reason.ABORTED_BY_USER,
                        "Warning UpgradeAborted"),
                row(
                        "start of a transition",
                        SAVEPOINTING_BLUE,
                        Color.BLUE,
                        TRANSITIONING_TO_GREEN,
                        Color.BLUE,
                        Reason.TRANSITION_STARTED,
                        "Normal TransitionStarted"),
                row(
                        "traffic switch",
                        TRANSITIONING_TO_GREEN,
                        Color.BLUE,
                        RETIRING_BLUE,
                        Color.GREEN,
                        Reason.TRAFFIC_SWITCHED,
                        "Normal TrafficSwitched"),
                row(
                        "no state change, no event",
                        TRANSITIONING_TO_GREEN,
                        Color.BLUE,
                        TRANSITIONING_TO_GREEN,
                        Color.BLUE,
                        Reason.SOAKING),
                row(
                        "a new warning without a state change",
                        TRANSITIONING_TO_GREEN,
                        Color.BLUE,
                        TRANSITIONING_TO_GREEN,
                        Color.BLUE,
                        Reason.DEADLINE_EXCEEDED_HOLD,
                        "Warning UpgradeStalled"));
    }

    static Arguments row(
            String name,
            BlueGreenState from,
            Color fromTraffic,
            BlueGreenState to,
            Color toTraffic,
            Reason reason,
            String... events) {
        return Arguments.of(name, from, fromTraffic, to, toTraffic, reason, List.of(events));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transitions")
    void emitsOneEventPerStateChangeAbortAndRollback(
            String name,
            BlueGreenState from,
            Color fromTraffic,
            BlueGreenState to,
            Color toTraffic,
            Reason reason,
            List<String> expected) {
        // Given a status in state `from`
        var previous = statusOf(record(from, fromTraffic));
        // When the engine moves to `to` for `reason`
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T1)
                                .previous(previous)
                                .plan(
                                        plan(
                                                record(to, toTraffic).toBuilder()
                                                        .transitionNumber(2)
                                                        .build(),
                                                reason,
                                                reason.name().toLowerCase() + " message"))
                                .blue(running("b"))
                                .green(running("g"))
                                .build());
        // Then
        assertThat(update.events())
                .extracting(e -> e.type() + " " + e.reason())
                .containsExactlyElementsOf(expected);
        assertThat(update.events())
                .allSatisfy(
                        e ->
                                assertThat(e.message())
                                        .isEqualTo(reason.name().toLowerCase() + " message"));
    }

    @Test
    void aPlanWhoseRecordIsAlreadyPersistedEmitsNoRollbackAgain() {
        var abort =
                plan(
                        record(ACTIVE_BLUE, Color.BLUE).toBuilder().failedSpecRef("bad").build(),
                        Reason.ABORTED_BY_USER,
                        "aborted");
        var previous = statusOf(record(TRANSITIONING_TO_GREEN, Color.BLUE));

        var first =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T1).previous(previous).plan(abort).build());
        var repeated =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T2)
                                .previous(first.status())
                                .plan(abort)
                                .build());

        assertThat(first.events())
                .extracting(EventSpec::reason)
                .containsExactly("UpgradeAborted", "RollbackToBlue");
        assertThat(repeated.events()).isEmpty();
    }

    @Test
    void aWarningIsNotRepeatedWhileItsReasonStays() {
        var held = plan(TRANSITIONING_TO_GREEN, Color.BLUE, Reason.DEADLINE_EXCEEDED_HOLD);
        var first =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T1)
                                .previous(statusOf(record(TRANSITIONING_TO_GREEN, Color.BLUE)))
                                .plan(held)
                                .build());

        var second =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 1, T2)
                                .previous(first.status())
                                .plan(held)
                                .build());

        assertThat(first.events()).hasSize(1);
        assertThat(second.events()).isEmpty();
    }

    @Test
    void invalidSpecWarnsOnceAndAgainWhenTheProblemsChange() {
        var previous = statusOf(record(ACTIVE_BLUE, Color.BLUE));
        var problem = new SpecProblem("spec.template.spec.job", "required");

        var first =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 2, T1)
                                .previous(previous)
                                .problems(List.of(problem))
                                .build());
        var same =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 2, T2)
                                .previous(first.status())
                                .problems(List.of(problem))
                                .build());
        var other =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 3, T2)
                                .previous(same.status())
                                .problems(List.of(new SpecProblem("metadata.name", "too long")))
                                .build());

        assertThat(first.events())
                .containsExactly(
                        EventSpec.warning("InvalidSpec", "spec.template.spec.job: required"));
        assertThat(same.events()).isEmpty();
        assertThat(same.status()).isEqualTo(first.status());
        assertThat(other.events())
                .containsExactly(EventSpec.warning("InvalidSpec", "metadata.name: too long"));
    }

    @Test
    void blockedPlanIsNotProgressingAndWarnsOnce() {
        var blocked = new StatusInput.Blocked("InsufficientQuota", "needs 4 CPU, 1 left");
        var previous = statusOf(record(ACTIVE_BLUE, Color.BLUE));

        var first =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 2, T1)
                                .previous(previous)
                                .plan(plan(ACTIVE_BLUE, Color.BLUE, Reason.STEADY))
                                .blocked(blocked)
                                .build());
        var second =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 2, T2)
                                .previous(first.status())
                                .plan(plan(ACTIVE_BLUE, Color.BLUE, Reason.STEADY))
                                .blocked(blocked)
                                .build());

        var progressing = StatusFixtures.condition(first.status(), "Progressing");
        assertThat(progressing.getStatus()).isEqualTo("False");
        assertThat(progressing.getReason()).isEqualTo("InsufficientQuota");
        assertThat(progressing.getMessage()).isEqualTo("needs 4 CPU, 1 left");
        assertThat(first.events())
                .containsExactly(EventSpec.warning("InsufficientQuota", "needs 4 CPU, 1 left"));
        assertThat(second.events()).isEmpty();
    }

    @Test
    void rollbackReasonsCarryTheColour() {
        assertThat(StatusEvents.rollbackReason(Color.BLUE)).isEqualTo("RollbackToBlue");
        assertThat(StatusEvents.rollbackReason(Color.GREEN)).isEqualTo("RollbackToGreen");
    }

    @Test
    void eventTypeIsNormalOrWarning() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new EventSpec("Error", "X", "m"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("type: expected Normal or Warning, got Error");
    }
}
