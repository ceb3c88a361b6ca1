package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.operator.internal.observe.ChildError;

import io.fabric8.kubernetes.api.model.Condition;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Where a child's {@code status.error} shows up on the parent. A child's error counts only while
 * the child exists and is not stable and running (a running child's old error says nothing). It is
 * added, as {@code <child>: <summary>[; hint: <hint>]} ({@link ChildError#describe()}):
 *
 * <ul>
 *   <li>to the plan's message, and so to the Progressing condition and the plan's events, when the
 *       plan's reason is about a child that does not come up or fails ({@link #REASONS});
 *   <li>to the Degraded message naming the failing serving child;
 *   <li>to the Degraded {@code RolloutFailed} message, which keeps it after the failed child is
 *       gone (for the same failed spec).
 * </ul>
 */
final class ChildFailures {
    /** The reasons whose message gets the errors of children that do not run. */
    static final Set<Reason> REASONS =
            EnumSet.of(
                    Reason.ACTIVE_CHILD_FAILING,
                    Reason.TRANSITION_REFUSED_FAILING,
                    Reason.TRANSITION_FROM_FAILING,
                    Reason.WAITING_FOR_GENERATION,
                    Reason.WAITING_FOR_READINESS,
                    Reason.DEADLINE_EXCEEDED_ROLLBACK,
                    Reason.DEADLINE_EXCEEDED_HOLD,
                    Reason.CHILD_FAILED_ROLLBACK,
                    Reason.CHILD_FAILED_HOLD,
                    Reason.ROLLBACK,
                    Reason.ABORTED_BY_USER);

    static final String ROLLOUT_FAILED = "RolloutFailed";

    private ChildFailures() {}

    /** The plan with the children's errors added to its message when its reason is in REASONS. */
    static Plan annotated(Plan plan, StatusInput input) {
        if (plan == null || !REASONS.contains(plan.reason())) {
            return plan;
        }
        String details = details(input);
        if (details == null) {
            return plan;
        }
        return new Plan(
                plan.record(),
                plan.actions(),
                plan.requeueAfter(),
                plan.reason(),
                plan.message() + "; " + details);
    }

    /** The errors of the children that exist and do not run, joined with "; ", or null. */
    static String details(StatusInput input) {
        var shown = new ArrayList<String>();
        for (ChildError error : input.childErrors()) {
            if (counts(input.child(error.color()))) {
                shown.add(error.describe());
            }
        }
        return shown.isEmpty() ? null : String.join("; ", shown);
    }

    /** The error of the child of {@code color} if it counts, else null. */
    static String errorOf(StatusInput input, Color color) {
        if (color == null || !counts(input.child(color))) {
            return null;
        }
        for (ChildError error : input.childErrors()) {
            if (error.color() == color) {
                return error.describe();
            }
        }
        return null;
    }

    /**
     * The RolloutFailed verdict with the errors of this reconcile's children added, or, when none
     * counts (the failed child is gone), the previous message for the same failed spec.
     */
    static Conditions.Verdict rolloutFailed(
            Conditions.Verdict verdict, StatusInput input, List<Condition> previous) {
        if (!verdict.status() || !ROLLOUT_FAILED.equals(verdict.reason())) {
            return verdict;
        }
        String details = details(input);
        if (details == null) {
            details = failingStep(input);
        }
        if (details != null) {
            return withMessage(verdict, verdict.message() + "; " + details);
        }
        return keptFrom(verdict, Conditions.find(previous, Conditions.DEGRADED));
    }

    /** {@code verdict} with the details {@code before} had for the same failed spec, if any. */
    private static Conditions.Verdict keptFrom(Conditions.Verdict verdict, Condition before) {
        if (before != null
                && ROLLOUT_FAILED.equals(before.getReason())
                && before.getMessage() != null
                && before.getMessage().startsWith(verdict.message() + "; ")) {
            return withMessage(verdict, before.getMessage());
        }
        return verdict;
    }

    /**
     * The message of the step that failed the rollout in this reconcile (e.g. {@code
     * UpgradeAborted}: "green did not catch up within PT1M (backlog ...)"), so the cause stays on
     * {@code Degraded} after {@code Progressing} moves on; null when this reconcile took no such
     * step.
     */
    private static String failingStep(StatusInput input) {
        var plan = input.plan();
        if (plan == null
                || !plan.reason().warning()
                || plan.reason() == Reason.FAILED_SPEC_NOT_RETRIED
                || plan.message() == null) {
            return null;
        }
        return plan.message();
    }

    private static boolean counts(ChildObservation child) {
        return child.exists() && !child.stableAndRunning();
    }

    private static Conditions.Verdict withMessage(Conditions.Verdict verdict, String message) {
        return new Conditions.Verdict(verdict.type(), verdict.status(), verdict.reason(), message);
    }
}
