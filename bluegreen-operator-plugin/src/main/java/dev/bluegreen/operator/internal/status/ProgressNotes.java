package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;

import io.fabric8.kubernetes.api.model.Condition;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Which Progressing condition a reconcile shows when the engine only waits inside a phase.
 *
 * <p>While a phase waits for something outside (a pending savepoint, the incoming child coming up,
 * the retirement delay) or a change has just ended, the engine repeats a <em>note</em> ({@link
 * #NOTES}) on every reconcile, with details that move as the children move ("DEPLOYED, job
 * RECONCILING"). Writing each note would cost a status write per observed child step and say
 * nothing new: the phase, its start time, its deadline and the step that began it are already in
 * the status. So a note does not replace the Progressing condition that the step which began the
 * phase wrote ({@link #PHASE_STARTS}) when, in this reconcile:
 *
 * <ul>
 *   <li>the engine's record is unchanged (the same phase, nothing the engine must persist), and
 *   <li>the note carries no child's error (a child that does not come up is news), and
 *   <li>nothing blocks the plan, and the condition's status stays the same.
 * </ul>
 *
 * Any other change (state, record, another condition, the generation, the job of the serving child)
 * writes the status as computed, note included. Pure and thread-safe.
 */
final class ProgressNotes {
    /** The reasons with which the engine waits within a phase, or rests after a change. */
    static final Set<Reason> NOTES =
            EnumSet.of(
                    Reason.STEADY,
                    Reason.SAVEPOINT_PENDING,
                    Reason.WAITING_FOR_GENERATION,
                    Reason.WAITING_FOR_READINESS,
                    Reason.WAITING_TO_RETIRE);

    /**
     * The reasons of the steps that begin a phase (or end a change) on the normal path, which a
     * note leaves in place. Warnings, commands the engine ignored, pauses and waits for something
     * else are not among them: a note replaces those, since they may no longer hold.
     */
    static final Set<Reason> PHASE_STARTS =
            EnumSet.of(
                    Reason.INITIAL_DEPLOY,
                    Reason.SAVEPOINT_REQUESTED,
                    Reason.TRANSITION_STARTED,
                    Reason.SAVEPOINT_REDEPLOY_STARTED,
                    Reason.SUPERSEDED,
                    Reason.SOAKING,
                    Reason.TRAFFIC_SWITCHED,
                    Reason.TRANSITION_COMPLETED,
                    Reason.FINALIZED_FORWARD,
                    Reason.CUTOVER_COMMITTED,
                    Reason.PATCH_STARTED,
                    Reason.PATCH_COMPLETED,
                    Reason.SUSPEND_STARTED,
                    Reason.SUSPENDED,
                    Reason.RESUME_STARTED,
                    Reason.PARENT_UPDATED,
                    Reason.LEFTOVER_DELETED,
                    Reason.ACTIVE_CHILD_RECOVERED,
                    Reason.PROMOTED_BY_USER);

    private ProgressNotes() {}

    /**
     * The Progressing verdict to show: {@code computed}, or the previous condition's content when
     * {@code computed} is a note that leaves it in place.
     *
     * @param input this reconcile's input, its plan's message already annotated
     * @param annotated whether a child's error was added to the plan's message
     * @param before the persisted record
     * @param previous the conditions of the current status
     */
    static Conditions.Verdict shown(
            Conditions.Verdict computed,
            StatusInput input,
            boolean annotated,
            TransitionRecord before,
            List<Condition> previous) {
        if (!waitsWithinAPhase(input, annotated, before)) {
            return computed;
        }
        Condition shown = Conditions.find(previous, Conditions.PROGRESSING);
        if (shown == null
                || !startsPhase(shown.getReason())
                || !(computed.status() ? "True" : "False").equals(shown.getStatus())
                || shown.getMessage() == null) {
            return computed;
        }
        return new Conditions.Verdict(
                Conditions.PROGRESSING, computed.status(), shown.getReason(), shown.getMessage());
    }

    /**
     * Whether the plan only waits within the phase the persisted record is in, with nothing added
     * to its message and nothing blocking it.
     */
    private static boolean waitsWithinAPhase(
            StatusInput input, boolean annotated, TransitionRecord before) {
        var plan = input.plan();
        return plan != null
                && !annotated
                && input.blocked() == null
                && NOTES.contains(plan.reason())
                && !heldByAReadinessCheck(plan)
                && plan.record().equals(before);
    }

    /**
     * Whether the incoming child is held by a readiness check ({@code readiness.max-lag}, {@code
     * readiness.min-completed-checkpoints} or a user's policy): why it is not ready ("backlog
     * 18,400 records, the serving child's 120, bound 1,000") is what the user waits on, so it is
     * shown and kept current, at most one status write per readiness poll while the numbers move.
     * The engine words this wait "X is stable and running but not ready: why".
     */
    static boolean heldByAReadinessCheck(Plan plan) {
        return plan.reason() == Reason.WAITING_FOR_READINESS
                && plan.message() != null
                && plan.message().contains(HELD_BY_A_CHECK);
    }

    /** The engine's words for a child held by a readiness check (core's {@code Readiness}). */
    static final String HELD_BY_A_CHECK = " is stable and running but not ready: ";

    private static boolean startsPhase(String conditionReason) {
        for (Reason reason : PHASE_STARTS) {
            if (reason.eventReason().equals(conditionReason)) {
                return true;
            }
        }
        return false;
    }
}
