package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.observe.ChildError;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;

import static dev.bluegreen.operator.internal.status.StatusFixtures.PARENT;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T1;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T2;
import static dev.bluegreen.operator.internal.status.StatusFixtures.child;
import static dev.bluegreen.operator.internal.status.StatusFixtures.condition;
import static dev.bluegreen.operator.internal.status.StatusFixtures.plan;
import static dev.bluegreen.operator.internal.status.StatusFixtures.running;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * While the engine only waits within a phase, the status the step that began the phase wrote stays
 * as it is: no write per observed child step ({@link ProgressNotes}).
 */
class ProgressNotesTest {
    static final TransitionRecord TRANSITIONING =
            new TransitionRecord.Builder()
                    .state(BlueGreenState.TRANSITIONING_TO_GREEN)
                    .transitionNumber(2)
                    .trafficColor(Color.BLUE)
                    .stableSpecRef("stable1")
                    .targetSpecRef("target2")
                    .phaseStartedAt(T1)
                    .deadline(T1.plusSeconds(600))
                    .build();
    static final ChildObservation COMING_UP =
            child(Lifecycle.DEPLOYED, JobState.RECONCILING, "job-2");

    /** The status written when the phase began with {@code reason} at T1. */
    static FlinkBlueGreenDeploymentStatus begun(Reason reason) {
        return StatusMapper.map(
                        StatusInput.builder(PARENT, 2, T1)
                                .previous(StatusFixtures.steadyBlue())
                                .plan(plan(TRANSITIONING, reason, "began: " + reason))
                                .blue(running("job-1"))
                                .build())
                .status();
    }

    /** The update of a later reconcile at T2 whose plan is {@code reason} on {@code record}. */
    static StatusUpdate later(
            FlinkBlueGreenDeploymentStatus current,
            TransitionRecord record,
            Reason reason,
            ChildObservation green,
            List<ChildError> errors) {
        return StatusMapper.map(
                StatusInput.builder(PARENT, 2, T2)
                        .previous(current)
                        .plan(plan(record, reason, "note: " + reason))
                        .blue(running("job-1"))
                        .green(green)
                        .childErrors(errors)
                        .build());
    }

    static StatusUpdate later(FlinkBlueGreenDeploymentStatus current, Reason reason) {
        return later(current, TRANSITIONING, reason, COMING_UP, List.of());
    }

    @Test
    void waitingForGreenAfterItWasDeployedWritesNothing() {
        // Given green was deployed (TransitionStarted written)
        var current = begun(Reason.TRANSITION_STARTED);

        // When the engine waits for green to come up, with nothing else new
        var update = later(current, Reason.WAITING_FOR_READINESS);

        // Then the status is the one already stored: no write, no event
        assertThat(update.changes(current)).isFalse();
        assertThat(update.events()).isEmpty();
        assertThat(condition(update.status(), "Progressing").getReason())
                .isEqualTo("TransitionStarted");
    }

    @ParameterizedTest
    @EnumSource(
            value = Reason.class,
            names = {
                "STEADY",
                "SAVEPOINT_PENDING",
                "WAITING_FOR_GENERATION",
                "WAITING_FOR_READINESS",
                "WAITING_TO_RETIRE"
            })
    void everyNoteLeavesThePhaseStartInPlace(Reason note) {
        assertThat(ProgressNotes.NOTES).contains(note);
        var current = begun(Reason.TRANSITION_STARTED);
        assertThat(later(current, note).changes(current)).as(note.name()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(Reason.class)
    void aNoteStaysBehindExactlyThePhaseStartReasons(Reason previous) {
        // Given a phase whose Progressing condition says `previous`
        var current = begun(previous);
        boolean sameStatus =
                condition(current, "Progressing").getStatus().equals("True"); // the note's

        // When the engine only waits
        var update = later(current, Reason.WAITING_FOR_READINESS);

        // Then the stored condition stays exactly when it began a phase on the normal path
        boolean stays = ProgressNotes.PHASE_STARTS.contains(previous) && sameStatus;
        assertThat(condition(update.status(), "Progressing").getReason())
                .as("note after %s", previous)
                .isEqualTo(stays ? previous.eventReason() : "WaitingForReadiness");
    }

    @Test
    void phaseStartsAreNormalStepsAndNeverNotesOrWarnings() {
        assertThat(ProgressNotes.PHASE_STARTS).noneMatch(Reason::warning);
        var both = EnumSet.copyOf(ProgressNotes.PHASE_STARTS);
        both.retainAll(ProgressNotes.NOTES);
        assertThat(both).isEmpty();
        assertThat(ProgressNotes.PHASE_STARTS)
                .doesNotContain(
                        Reason.PAUSED,
                        Reason.ABORT_IGNORED,
                        Reason.PROMOTE_IGNORED,
                        Reason.CHILD_TERMINATING,
                        Reason.WAITING_FOR_LEFTOVER,
                        Reason.TRANSITION_WAITING);
    }

    @Test
    void aChangedRecordIsWrittenWithItsNote() {
        // Given green was deployed; when green is seen ready the soak clock starts (readySince):
        // the engine needs it after a restart, so it is written even though the reason is a note
        var current = begun(Reason.TRANSITION_STARTED);
        var readySince = TRANSITIONING.toBuilder().readySince(T2).build();

        var update = later(current, readySince, Reason.WAITING_FOR_READINESS, COMING_UP, List.of());

        assertThat(update.changes(current)).isTrue();
        assertThat(update.status().getTransition().getReadySince()).isEqualTo(T2.toString());
        assertThat(condition(update.status(), "Progressing").getReason())
                .isEqualTo("WaitingForReadiness");
    }

    @Test
    void aNoteWithAChildsErrorIsWritten() {
        // Given green was deployed; when it reports an error while not running
        var current = begun(Reason.TRANSITION_STARTED);
        var error = new ChildError(Color.GREEN, "orders-green", "image not found", null);

        var update =
                later(
                        current,
                        TRANSITIONING,
                        Reason.WAITING_FOR_READINESS,
                        COMING_UP,
                        List.of(error));

        // Then the user sees it
        assertThat(update.changes(current)).isTrue();
        assertThat(condition(update.status(), "Progressing").getMessage())
                .isEqualTo("note: WAITING_FOR_READINESS; orders-green: image not found");
    }

    @Test
    void aBlockedPlanShowsItsBlocker() {
        var current = begun(Reason.TRANSITION_STARTED);
        var blocked =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 2, T2)
                                .previous(current)
                                .plan(plan(TRANSITIONING, Reason.WAITING_FOR_READINESS, "note"))
                                .blue(running("job-1"))
                                .blocked(new StatusInput.Blocked("InsufficientQuota", "no CPU"))
                                .build());
        assertThat(condition(blocked.status(), "Progressing").getReason())
                .isEqualTo("InsufficientQuota");
    }

    @Test
    void otherChangesAreWrittenAndKeepThePhaseStart() {
        // Given green was deployed; when the user edits the spec (a new generation) and the
        // engine still waits
        var current = begun(Reason.TRANSITION_STARTED);
        var update =
                StatusMapper.map(
                        StatusInput.builder(PARENT, 3, Instant.parse("2026-11-30T10:06:00Z"))
                                .previous(current)
                                .plan(plan(TRANSITIONING, Reason.WAITING_FOR_READINESS, "note"))
                                .blue(running("job-1"))
                                .green(COMING_UP)
                                .build());

        // Then the new generation is written; Progressing still names the phase's start
        assertThat(update.changes(current)).isTrue();
        assertThat(update.status().getObservedGeneration()).isEqualTo(3L);
        assertThat(condition(update.status(), "Progressing").getReason())
                .isEqualTo("TransitionStarted");
        assertThat(condition(update.status(), "Progressing").getObservedGeneration()).isEqualTo(3L);
    }

    /** A later reconcile at {@code at} whose plan waits for readiness with {@code message}. */
    static StatusUpdate waitingForReadiness(
            FlinkBlueGreenDeploymentStatus current, java.time.Instant at, String message) {
        return StatusMapper.map(
                StatusInput.builder(PARENT, 2, at)
                        .previous(current)
                        .plan(plan(TRANSITIONING, Reason.WAITING_FOR_READINESS, message))
                        .blue(running("job-1"))
                        .green(running("job-2"))
                        .build());
    }

    @Test
    void greenHeldByAReadinessCheckShowsWhyAndKeepsItCurrent() {
        // Given green was deployed and runs, but its backlog is above the bound
        var current = begun(Reason.TRANSITION_STARTED);
        String behind = "green is stable and running but not ready: backlog 18,400 records, the";

        // When the engine holds it for its backlog, twice with other numbers
        var first = waitingForReadiness(current, T2, behind + " serving child's 120, bound 1,000");
        var second =
                waitingForReadiness(
                        first.status(),
                        T2.plusSeconds(1),
                        behind.replace("18,400", "9,100") + " serving child's 120, bound 1,000");

        // Then each is written: the user sees why green waits, with the current numbers
        assertThat(first.changes(current)).isTrue();
        assertThat(condition(first.status(), "Progressing").getReason())
                .isEqualTo("WaitingForReadiness");
        assertThat(second.changes(first.status())).isTrue();
        assertThat(condition(second.status(), "Progressing").getMessage()).contains("9,100");
    }
}
