package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;

import io.fabric8.kubernetes.api.model.Condition;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The events of one reconcile, in this order:
 *
 * <ol>
 *   <li>{@code InvalidSpec} (Warning) when the spec became invalid or its problems changed;
 *   <li>the plan's reason ({@link Reason#eventReason()}, Warning when {@link Reason#warning()}) on
 *       every state change, abort and rollback, and for a warning reason seen for the first time
 *       (such as {@code UpgradeStalled});
 *   <li>{@code RollbackToBlue} / {@code RollbackToGreen} (Warning) when an abort or rollback
 *       returns to the previous colour's child with its last stable spec;
 *   <li>the blocked reason (e.g. {@code InsufficientQuota}, Warning) when it is new;
 *   <li>the gate channel's health ({@code GateChannelError} or {@code GateNotReporting}, Warning)
 *       when the Degraded condition shows it with another reason or message than before.
 * </ol>
 *
 * Repeating a reconcile with the status it produced emits nothing again: a plan whose record is
 * already persisted emits no abort or rollback event.
 */
public final class StatusEvents {

    /** The reasons that abandon a change and return to the last stable spec. */
    static final Set<Reason> ROLLBACKS =
            Set.of(
                    Reason.ROLLBACK,
                    Reason.DEADLINE_EXCEEDED_ROLLBACK,
                    Reason.CHILD_FAILED_ROLLBACK,
                    Reason.ABORTED_BY_USER,
                    Reason.ANALYSIS_FAILED);

    private static final Set<BlueGreenState.Role> STARTED_ROLES =
            Set.of(
                    BlueGreenState.Role.TRANSITIONING,
                    BlueGreenState.Role.RETIRING,
                    BlueGreenState.Role.PATCHING);

    private StatusEvents() {}

    /**
     * The rollback event reason for a colour: {@code RollbackToBlue} or {@code RollbackToGreen}.
     */
    public static String rollbackReason(Color color) {
        return color == Color.BLUE ? "RollbackToBlue" : "RollbackToGreen";
    }

    static List<EventSpec> of(
            StatusInput input, TransitionRecord before, List<Conditions.Verdict> verdicts) {
        List<Condition> old =
                input.previous() == null ? List.of() : input.previous().getConditions();
        var events = new ArrayList<EventSpec>();
        Conditions.Verdict invalid = verdicts.get(3);
        if (invalid.status() && !sameAs(Conditions.find(old, Conditions.INVALID_SPEC), invalid)) {
            events.add(EventSpec.warning(Conditions.INVALID_SPEC, invalid.message()));
        }
        if (input.plan() != null) {
            planEvents(input.plan(), before, old, input.blocked() != null, events);
        }
        blockedEvent(input.blocked(), old, events);
        Conditions.Verdict degraded = verdicts.get(2);
        if (input.gateHealth() != null
                && degraded.reason().equals(input.gateHealth().reason())
                && !sameAs(Conditions.find(old, Conditions.DEGRADED), degraded, true)) {
            events.add(EventSpec.warning(degraded.reason(), degraded.message()));
        }
        return events;
    }

    /** A Warning for a blocker that Progressing did not carry yet. */
    private static void blockedEvent(
            StatusInput.Blocked blocked, List<Condition> old, List<EventSpec> events) {
        Condition progressing = Conditions.find(old, Conditions.PROGRESSING);
        if (blocked != null
                && (progressing == null || !blocked.reason().equals(progressing.getReason()))) {
            events.add(EventSpec.warning(blocked.reason(), blocked.message()));
        }
    }

    private static void planEvents(
            Plan plan,
            TransitionRecord before,
            List<Condition> old,
            boolean blocked,
            List<EventSpec> events) {
        Reason reason = plan.reason();
        // A plan whose record is already persisted was reported when it was first made.
        boolean recorded = before.equals(plan.record());
        boolean stateChanged = before.state() != plan.next();
        boolean rollback = ROLLBACKS.contains(reason) && !recorded;
        Color target = recorded ? null : rollbackTarget(plan, before);
        // While blocked, Progressing carries the blocker's reason, so a warning could not be
        // recognised as already reported; the blocker's own event says what matters.
        boolean newWarning =
                reason.warning() && !blocked && !anyHasReason(old, reason.eventReason());
        if ((stateChanged || rollback || newWarning)
                && !(reason == Reason.ROLLBACK && target != null)) {
            events.add(planEvent(plan));
        }
        if (target != null) {
            events.add(EventSpec.warning(rollbackReason(target), plan.message()));
        }
    }

    private static EventSpec planEvent(Plan plan) {
        Reason reason = plan.reason();
        return new EventSpec(
                reason.warning() ? EventSpec.WARNING : EventSpec.NORMAL,
                reason.eventReason(),
                plan.message());
    }

    /**
     * The colour an abort or rollback returns to: the serving colour after the plan, when the
     * change had started a child (or a patch) and traffic had been served before.
     */
    private static Color rollbackTarget(Plan plan, TransitionRecord before) {
        if (!ROLLBACKS.contains(plan.reason())
                || !STARTED_ROLES.contains(before.state().role())
                || before.trafficColor() == null) {
            return null;
        }
        return plan.next().activeColor().orElse(null);
    }

    private static boolean anyHasReason(List<Condition> conditions, String reason) {
        return conditions != null
                && conditions.stream().anyMatch(c -> c != null && reason.equals(c.getReason()));
    }

    private static boolean sameAs(Condition condition, Conditions.Verdict verdict) {
        return sameAs(condition, verdict, false);
    }

    private static boolean sameAs(
            Condition condition, Conditions.Verdict verdict, boolean reasonToo) {
        return condition != null
                && "True".equals(condition.getStatus())
                && verdict.message().equals(condition.getMessage())
                && (!reasonToo || verdict.reason().equals(condition.getReason()));
    }
}
