package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.observe.GateHealth;
import dev.bluegreen.operator.internal.validate.SpecProblem;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The four status conditions, always in the order Ready, Progressing, Degraded, InvalidSpec. Their
 * type names, reasons and wording are documented in docs/operations.md.
 */
final class Conditions {
    static final String READY = "Ready";
    static final String PROGRESSING = "Progressing";
    static final String DEGRADED = "Degraded";
    static final String INVALID_SPEC = "InvalidSpec";

    /**
     * Reasons that report progress although the state is not in flight: the parent works towards
     * its first deployment (an adoption waits for its FlinkDeployment to be stable and running).
     */
    static final Set<Reason> PROGRESS_AT_REST = Set.of(Reason.ADOPTION_WAITING);

    /** Limits the InvalidSpec message, which lists the problems. */
    private static final int MAX_LISTED_PROBLEMS = 10;

    private Conditions() {}

    /** One condition's content, before lastTransitionTime is decided. */
    record Verdict(String type, boolean status, String reason, String message) {}

    static Verdict ready(BlueGreenState state, String child, ChildObservation serving) {
        if (state.role() == BlueGreenState.Role.INITIALIZING || child == null) {
            return new Verdict(READY, false, "NotDeployed", "no child serves yet");
        }
        if (state.role() == BlueGreenState.Role.SUSPENDED) {
            return new Verdict(READY, false, "Suspended", child + " is suspended");
        }
        if (serving.stableAndRunning() && state.role() != BlueGreenState.Role.FAILING) {
            return new Verdict(READY, true, "Running", child + " is stable and running");
        }
        return new Verdict(READY, false, "ServingChildNotReady", describe(child, serving));
    }

    static Verdict progressing(Plan plan, StatusInput.Blocked blocked) {
        if (blocked != null) {
            return new Verdict(PROGRESSING, false, blocked.reason(), blocked.message());
        }
        if (plan == null) {
            return new Verdict(
                    PROGRESSING, false, INVALID_SPEC, "nothing is changed until the spec is fixed");
        }
        boolean moving =
                (plan.next().inFlight() || PROGRESS_AT_REST.contains(plan.reason()))
                        && !plan.reason().holdsForUser();
        return new Verdict(PROGRESSING, moving, plan.reason().eventReason(), plan.message());
    }

    /**
     * The Degraded verdict.
     *
     * @param servingError the serving child's error ({@link ChildFailures#errorOf}), added to the
     *     message naming the failing serving child; or {@code null}
     * @param gateHealth what is wrong with the gate channel, shown when nothing above is; or {@code
     *     null}
     */
    static Verdict degraded(
            TransitionRecord record,
            Plan plan,
            String child,
            ChildObservation serving,
            String servingError,
            GateHealth gateHealth) {
        Verdict failing = failingChild(record, plan, child, serving, servingError);
        if (failing != null) {
            return failing;
        }
        if (plan != null
                && (plan.reason().holdsForUser() || plan.reason() == Reason.READINESS_FAILED)) {
            return new Verdict(DEGRADED, true, plan.reason().eventReason(), plan.message());
        }
        if (record.failedSpecRef() != null && !record.state().inFlight()) {
            return rolloutFailed(record.failedSpecRef());
        }
        if (gateHealth != null) {
            return new Verdict(DEGRADED, true, gateHealth.reason(), gateHealth.message());
        }
        return new Verdict(DEGRADED, false, "Healthy", "no failure");
    }

    /**
     * {@code degraded}, or Degraded for an extension that failed ({@code blocked} with {@link
     * StatusInput#EXTENSION_FAILED}) when nothing else degrades the parent.
     */
    static Verdict orExtensionFailed(Verdict degraded, StatusInput.Blocked blocked) {
        return !degraded.status()
                        && blocked != null
                        && StatusInput.EXTENSION_FAILED.equals(blocked.reason())
                ? new Verdict(DEGRADED, true, blocked.reason(), blocked.message())
                : degraded;
    }

    private static Verdict rolloutFailed(String failedSpecRef) {
        return new Verdict(
                DEGRADED,
                true,
                ChildFailures.ROLLOUT_FAILED,
                "spec "
                        + failedSpecRef
                        + " failed to roll out and is not retried by itself; change the"
                        + " spec, or promote to retry it");
    }

    /** Degraded for a failing state or a failing serving child, else {@code null}. */
    private static Verdict failingChild(
            TransitionRecord record,
            Plan plan,
            String child,
            ChildObservation serving,
            String servingError) {
        String failing =
                describe(child, serving)
                        + (servingError == null || child == null ? "" : "; " + servingError);
        if (record.state().role() == BlueGreenState.Role.FAILING) {
            String reason = plan == null ? "JobFailing" : plan.reason().eventReason();
            return new Verdict(DEGRADED, true, reason, failing);
        }
        if (child != null && serving.failing()) {
            return new Verdict(DEGRADED, true, "JobFailing", failing);
        }
        return null;
    }

    static Verdict invalidSpec(List<SpecProblem> problems) {
        if (problems.isEmpty()) {
            return new Verdict(INVALID_SPEC, false, "Valid", "the spec is valid");
        }
        var listed = new ArrayList<String>();
        for (SpecProblem problem :
                problems.subList(0, Math.min(problems.size(), MAX_LISTED_PROBLEMS))) {
            listed.add(problem.toString());
        }
        String more =
                problems.size() > MAX_LISTED_PROBLEMS
                        ? "; and " + (problems.size() - MAX_LISTED_PROBLEMS) + " more"
                        : "";
        return new Verdict(INVALID_SPEC, true, INVALID_SPEC, String.join("; ", listed) + more);
    }

    /**
     * The condition of a verdict. lastTransitionTime is kept from the previous condition of the
     * same type when its status did not flip, else it is {@code now} (whole seconds, RFC 3339).
     */
    static Condition toCondition(
            Verdict verdict, List<Condition> previous, long generation, Instant now) {
        String status = verdict.status() ? "True" : "False";
        Condition before = find(previous, verdict.type());
        String since =
                before != null
                                && status.equals(before.getStatus())
                                && before.getLastTransitionTime() != null
                        ? before.getLastTransitionTime()
                        : now.truncatedTo(ChronoUnit.SECONDS).toString();
        return new ConditionBuilder()
                .withType(verdict.type())
                .withStatus(status)
                .withReason(verdict.reason())
                .withMessage(verdict.message())
                .withObservedGeneration(generation)
                .withLastTransitionTime(since)
                .build();
    }

    /** The condition of a type in a list, or {@code null}. */
    static Condition find(List<Condition> conditions, String type) {
        if (conditions == null) {
            return null;
        }
        for (Condition condition : conditions) {
            if (condition != null && type.equals(condition.getType())) {
                return condition;
            }
        }
        return null;
    }

    private static String describe(String child, ChildObservation observation) {
        if (child == null) {
            return "no child serves yet";
        }
        if (!observation.exists()) {
            return child + " does not exist";
        }
        return child
                + ": lifecycle "
                + observation.lifecycle()
                + ", job "
                + observation.jobState()
                + (observation.generationObserved() ? "" : ", newest generation not observed yet");
    }
}
