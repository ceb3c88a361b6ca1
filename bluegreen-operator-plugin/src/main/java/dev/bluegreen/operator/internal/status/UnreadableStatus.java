package dev.bluegreen.operator.internal.status;

import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;
import dev.bluegreen.operator.resource.TransitionMode;

import io.fabric8.kubernetes.api.model.Condition;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A status the controller cannot act on: a value it does not know in the transition record ({@code
 * status.transition}), in {@code status.transitionMode} or in the spec JSON it keeps ({@code
 * status.lastStableSpec}, {@code status.targetSpec}), or a status that lost its record. Such a
 * status was written by another version of the controller or by hand.
 *
 * <p>The controller then holds: it writes no child, snapshot or ingress, and keeps every status
 * field as it was (an empty record would make it deploy again beside what runs). It only sets the
 * condition InvalidSpec (reason {@value #REASON}, naming the fields and values) and Progressing
 * False, and emits a Warning event {@value #REASON} when the message changes. Fixing or restoring
 * the named fields resumes the parent where its record says. Stateless and thread-safe.
 */
public final class UnreadableStatus {
    /** The reason of the InvalidSpec condition, the Progressing condition and the event. */
    public static final String REASON = "UnreadableStatus";

    private UnreadableStatus() {}

    /**
     * What keeps the controller from acting on {@code status}.
     *
     * @param status the parent's status, or {@code null}
     * @return the problems, each naming a status field and its value; empty when the status can be
     *     read (or there is none)
     */
    public static List<SpecProblem> problems(FlinkBlueGreenDeploymentStatus status) {
        if (status == null) {
            return List.of();
        }
        var problems = new ArrayList<SpecProblem>();
        checkFields(status, problems);
        try {
            RecordCodec.read(status);
        } catch (InvalidStatusException e) {
            problems.add(new SpecProblem(e.field(), afterField(e.getMessage(), e.field())));
        }
        checkJson(status.getLastStableSpec(), "status.lastStableSpec", problems);
        checkJson(status.getTargetSpec(), "status.targetSpec", problems);
        return List.copyOf(problems);
    }

    /** An unknown transition mode, and a state without its transition record. */
    private static void checkFields(
            FlinkBlueGreenDeploymentStatus status, List<SpecProblem> problems) {
        String mode = status.getTransitionModeText();
        if (mode != null && status.getTransitionMode() == null) {
            problems.add(
                    new SpecProblem("status.transitionMode", TransitionMode.unknownValue(mode)));
        }
        if (status.getTransition() == null && status.getState() != null) {
            problems.add(
                    new SpecProblem(
                            RecordCodec.FIELD,
                            "missing, but status.state is \"" + status.getState() + "\""));
        }
    }

    /**
     * The status that holds: {@code previous} unchanged but for InvalidSpec (True, reason {@value
     * #REASON}), Progressing (False, reason {@value #REASON}) and {@code error}; Ready and Degraded
     * are kept as they were.
     *
     * @param problems the status problems ({@link #problems}) and any spec problems, not empty
     * @param generation the parent's generation, for the conditions' observedGeneration
     */
    public static StatusUpdate hold(
            FlinkBlueGreenDeploymentStatus previous,
            List<SpecProblem> problems,
            long generation,
            Instant now) {
        Objects.requireNonNull(previous, "previous == null");
        var status = SpecJson.mapper().convertValue(previous, FlinkBlueGreenDeploymentStatus.class);
        List<Condition> old =
                previous.getConditions() == null ? List.of() : previous.getConditions();
        var invalid = invalid(problems);
        status.setConditions(conditions(old, invalid, generation, now));
        status.setError(invalid.message());
        return new StatusUpdate(
                status,
                reported(old, invalid)
                        ? List.of()
                        : List.of(EventSpec.warning(REASON, invalid.message())));
    }

    private static Conditions.Verdict invalid(List<SpecProblem> problems) {
        return new Conditions.Verdict(
                Conditions.INVALID_SPEC, true, REASON, Conditions.invalidSpec(problems).message());
    }

    /** Whether the previous InvalidSpec condition already said the same (its event went out). */
    private static boolean reported(List<Condition> old, Conditions.Verdict invalid) {
        Condition before = Conditions.find(old, Conditions.INVALID_SPEC);
        return before != null
                && REASON.equals(before.getReason())
                && invalid.message().equals(before.getMessage());
    }

    /** Ready and Degraded as they were (when present), Progressing False, then InvalidSpec. */
    private static List<Condition> conditions(
            List<Condition> old, Conditions.Verdict invalid, long generation, Instant now) {
        var progressing =
                new Conditions.Verdict(
                        Conditions.PROGRESSING,
                        false,
                        REASON,
                        "children are left alone until the named status fields can be read");
        var conditions = new ArrayList<Condition>();
        addIfPresent(conditions, Conditions.find(old, Conditions.READY));
        conditions.add(Conditions.toCondition(progressing, old, generation, now));
        addIfPresent(conditions, Conditions.find(old, Conditions.DEGRADED));
        conditions.add(Conditions.toCondition(invalid, old, generation, now));
        return conditions;
    }

    private static void addIfPresent(List<Condition> conditions, Condition condition) {
        if (condition != null) {
            conditions.add(condition);
        }
    }

    private static void checkJson(String json, String field, List<SpecProblem> problems) {
        if (json == null) {
            return;
        }
        try {
            SpecJson.parse(json, field);
        } catch (IllegalArgumentException e) {
            problems.add(new SpecProblem(field, afterField(e.getMessage(), field)));
        }
    }

    private static String afterField(String message, String field) {
        String prefix = field + ": ";
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }
}
