package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;
import dev.bluegreen.operator.resource.JobStatusSummary;
import dev.bluegreen.operator.resource.TransitionMode;

import io.fabric8.kubernetes.api.model.Condition;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Computes the new status of a FlinkBlueGreenDeployment and the events to emit, from the previous
 * status, the engine's plan, the observed children and the validation problems. Pure: no I/O, no
 * clock (the time is {@link StatusInput#now()}); equal inputs give an equal status, so the
 * controller can compare it with the live status and skip no-op writes. Stateless and thread-safe.
 *
 * <p>The status holds the engine state, {@code observedGeneration}, the conditions Ready,
 * Progressing, Degraded and InvalidSpec (always in this order; a condition's lastTransitionTime
 * changes only when its status flips), the active colour and child, the serving child's job, an
 * error (the InvalidSpec or Degraded message), the transition record ({@link RecordCodec}), the
 * last stable spec, the transition mode of the first deployment and the analysis runs ({@code
 * status.analysis}: as given, else kept; the runs that ended emit {@link AnalysisEvents}). While
 * the engine only waits within a phase, Progressing keeps what the step that began the phase wrote
 * ({@link ProgressNotes}), so such a reconcile writes nothing. Events: see {@link StatusEvents}.
 * The children's {@code status.error}: see {@link ChildFailures}.
 */
public final class StatusMapper {

    private StatusMapper() {}

    /**
     * Computes the new status and the events.
     *
     * @param given the inputs of this reconcile
     * @return the status (a new object) and the events to emit, in order
     * @throws InvalidStatusException if the previous status's transition record is malformed
     */
    public static StatusUpdate map(StatusInput given) {
        Objects.requireNonNull(given, "input == null");
        StatusInput input = given.withPlan(ChildFailures.annotated(given.plan(), given));
        boolean annotated = input.plan() != given.plan();
        FlinkBlueGreenDeploymentStatus previous = input.previous();
        TransitionRecord before = RecordCodec.read(previous);
        TransitionRecord record = input.plan() == null ? before : input.plan().record();
        Color serving = servingColor(record);
        String child = childName(input, serving, previous);
        var status = fields(input, record, serving, child);
        List<Condition> old = previous == null ? List.of() : previous.getConditions();
        List<Conditions.Verdict> verdicts = verdicts(input, annotated, before, serving, child, old);
        var conditions = new ArrayList<Condition>();
        for (Conditions.Verdict verdict : verdicts) {
            conditions.add(Conditions.toCondition(verdict, old, input.generation(), input.now()));
        }
        status.setConditions(conditions);
        status.setError(error(verdicts));
        var events = new ArrayList<>(StatusEvents.of(input, before, verdicts));
        events.addAll(
                AnalysisEvents.of(
                        previous == null ? null : previous.getAnalysis(), status.getAnalysis()));
        events.addAll(
                HandbackStatuses.events(
                        previous == null ? null : previous.getHandback(),
                        input.handback(),
                        status.getHandback()));
        return new StatusUpdate(status, events);
    }

    /** The new status's fields, except the conditions and the error. */
    private static FlinkBlueGreenDeploymentStatus fields(
            StatusInput input, TransitionRecord record, Color serving, String child) {
        FlinkBlueGreenDeploymentStatus previous = input.previous();
        var status = new FlinkBlueGreenDeploymentStatus();
        status.setState(record.state().name());
        status.setObservedGeneration(input.generation());
        status.setActiveColor(serving == null ? null : serving.name());
        status.setActiveChild(child);
        status.setAdoptedChild(adoptedChild(input, record));
        status.setJobStatus(jobStatus(jobChild(input, record, serving)));
        status.setLastStableSpec(
                input.stableSpecJson() != null
                        ? input.stableSpecJson()
                        : previous == null ? null : previous.getLastStableSpec());
        status.setTargetSpec(targetSpec(input, record, previous));
        status.setTransitionMode(transitionMode(input, previous, record.state()));
        status.setTransition(RecordCodec.write(record));
        status.setAnalysis(
                input.analysis() != null
                        ? input.analysis()
                        : previous == null ? null : previous.getAnalysis());
        status.setHandback(
                HandbackStatuses.next(
                        previous == null ? null : previous.getHandback(),
                        input.handback(),
                        input.now()));
        return status;
    }

    /** The four conditions' content, in their fixed order. */
    private static List<Conditions.Verdict> verdicts(
            StatusInput input,
            boolean annotated,
            TransitionRecord before,
            Color serving,
            String child,
            List<Condition> old) {
        TransitionRecord record = input.plan() == null ? before : input.plan().record();
        ChildObservation servingChild =
                serving == null ? ChildObservation.absent() : input.child(serving);
        Conditions.Verdict degraded =
                Conditions.degraded(
                        record,
                        input.plan(),
                        child,
                        servingChild,
                        ChildFailures.errorOf(input, serving),
                        input.gateHealth());
        degraded = Conditions.orExtensionFailed(degraded, input.blocked());
        var progressing = Conditions.progressing(input.plan(), input.blocked());
        return List.of(
                Conditions.ready(record.state(), child, servingChild),
                ProgressNotes.shown(progressing, input, annotated, before, old),
                ChildFailures.rolloutFailed(degraded, input, old),
                Conditions.invalidSpec(input.problems()));
    }

    /**
     * The colour whose child serves: the state's active colour, except during the first deployment
     * (traffic never switched, nothing serves yet).
     */
    static Color servingColor(TransitionRecord record) {
        BlueGreenState state = record.state();
        if (state.role() == BlueGreenState.Role.TRANSITIONING && record.trafficColor() == null) {
            return null;
        }
        return state.activeColor().orElse(null);
    }

    /**
     * The adopted child's name while it is one: set from the adoption on, cleared once a decision
     * saw the other colour serve with the adopted child gone (retired), so that later children of
     * its colour get the derived name. Statuses written without a decision keep it.
     */
    private static String adoptedChild(StatusInput input, TransitionRecord record) {
        if (input.adopted() == null || record.state() == BlueGreenState.INITIALIZING_BLUE) {
            return null;
        }
        Color adoptedColor;
        try {
            adoptedColor = input.names().adoptedColor();
        } catch (IllegalArgumentException invalidName) {
            // The name is reported as InvalidSpec; nothing is retired while it is invalid.
            return input.adopted();
        }
        boolean retired =
                input.plan() != null
                        && record.state()
                                == BlueGreenState.of(
                                        BlueGreenState.Role.ACTIVE, adoptedColor.opposite())
                        && !input.child(adoptedColor).exists();
        return retired ? null : input.adopted();
    }

    private static String childName(
            StatusInput input, Color serving, FlinkBlueGreenDeploymentStatus previous) {
        if (serving == null) {
            return null;
        }
        try {
            return input.names().child(serving);
        } catch (IllegalArgumentException invalidName) {
            // The name is reported as InvalidSpec; keep what the status said before.
            return previous == null ? null : previous.getActiveChild();
        }
    }

    /** The child whose job is shown: the serving one, or the incoming one of a first deployment. */
    private static ChildObservation jobChild(
            StatusInput input, TransitionRecord record, Color serving) {
        if (serving != null) {
            return input.child(serving);
        }
        BlueGreenState state = record.state();
        return state.role() == BlueGreenState.Role.TRANSITIONING
                ? input.child(state.namedColor())
                : ChildObservation.absent();
    }

    private static JobStatusSummary jobStatus(ChildObservation child) {
        if (!child.exists() || child.jobState() == JobState.UNKNOWN && child.jobId() == null) {
            return null;
        }
        var job = new JobStatusSummary();
        job.setState(child.jobState() == JobState.UNKNOWN ? null : child.jobState().name());
        job.setJobId(child.jobId());
        return job;
    }

    private static TransitionMode transitionMode(
            StatusInput input, FlinkBlueGreenDeploymentStatus previous, BlueGreenState state) {
        if (previous != null && previous.getTransitionMode() != null) {
            return previous.getTransitionMode();
        }
        if (state == BlueGreenState.INITIALIZING_BLUE) {
            return null; // nothing deployed yet: the mode may still change
        }
        return input.transitionMode() == null ? TransitionMode.BASIC : input.transitionMode();
    }

    /** The target's JSON while a change is in flight (given, else kept), else none. */
    private static String targetSpec(
            StatusInput input, TransitionRecord record, FlinkBlueGreenDeploymentStatus previous) {
        if (record.targetSpecRef() == null) {
            return null;
        }
        if (input.targetSpecJson() != null) {
            return input.targetSpecJson();
        }
        return previous == null ? null : previous.getTargetSpec();
    }

    /** The InvalidSpec message, else the Degraded message, else none. */
    private static String error(List<Conditions.Verdict> verdicts) {
        for (String type : List.of(Conditions.INVALID_SPEC, Conditions.DEGRADED)) {
            for (Conditions.Verdict verdict : verdicts) {
                if (verdict.type().equals(type) && verdict.status()) {
                    return verdict.message();
                }
            }
        }
        return null;
    }
}
