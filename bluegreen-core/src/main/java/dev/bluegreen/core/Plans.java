package dev.bluegreen.core;

import dev.bluegreen.core.Action.RestoreFrom;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The builders every role's step shares: the next record (stamping the phase start on a change,
 * ending or starting a change), the plan around it, and the actions and message parts several steps
 * build the same way. Package-private and stateless.
 */
final class Plans {
    private Plans() {}

    /** A plan that keeps the record as it is and does nothing. */
    static Plan stay(Step s, Reason reason, String message, Optional<Duration> requeue) {
        return new Plan(s.record, List.of(), requeue, reason, message);
    }

    /** A plan that writes the record {@code next} builds and runs {@code actions}. */
    static Plan plan(
            TransitionRecord.Builder next,
            List<Action> actions,
            Optional<Duration> requeue,
            Reason reason,
            String message) {
        return new Plan(next.build(), actions, requeue, reason, message);
    }

    /** A builder for the next record in {@code state}, stamping the phase start on a change. */
    static TransitionRecord.Builder next(Step s, BlueGreenState state) {
        var builder = s.record.toBuilder().state(state);
        return state == s.record.state() ? builder : builder.phaseStartedAt(s.now);
    }

    /** A builder that ends the in-flight change and rests in {@code state}. */
    static TransitionRecord.Builder rest(Step s, BlueGreenState state) {
        return next(s, state).clearTransitionMarkers();
    }

    /** A builder that starts a new change towards {@code target} with a fresh deadline. */
    static TransitionRecord.Builder start(
            Step s, BlueGreenState state, String target, PhaseDeadline deadline) {
        return next(s, state)
                .clearTransitionMarkers()
                .transitionNumber(s.record.transitionNumber() + 1)
                .targetSpecRef(target)
                .deadline(s.now.plus(deadline.timeout()));
    }

    /** A builder that deploys a new incoming child restoring from {@code restore}. */
    static TransitionRecord.Builder startDeploy(
            Step s, BlueGreenState state, String target, RestoreFrom restore, String path) {
        return start(s, state, target, s.policy.readinessDeadline())
                .restore(restore)
                .restorePath(path);
    }

    /**
     * The actions that point the parent at X when it does not point there yet (e.g. a first
     * deployment that recovers after failing); none otherwise.
     */
    static List<Action> trafficToX(Step s) {
        return s.record.trafficColor() == s.x ? List.of() : List.of(new Action.SwitchTraffic(s.x));
    }

    /**
     * Deploys {@code color} with {@code ref} from the in-flight transition's restore point (the
     * spec's savepoint when the record has none).
     */
    static Action.DeployChild redeploy(Step s, Color color, String ref) {
        RestoreFrom restore = s.record.restore();
        String path = s.record.restorePath();
        if (restore == null || (restore == RestoreFrom.PATH) != (path != null)) {
            return new Action.DeployChild(color, ref, RestoreFrom.SPEC_INITIAL_SAVEPOINT, null);
        }
        return new Action.DeployChild(color, ref, restore, path);
    }

    /** Where a spec-driven deploy restores from: the path if given, else the spec's savepoint. */
    static RestoreFrom restoreOf(String path) {
        return path == null ? RestoreFrom.SPEC_INITIAL_SAVEPOINT : RestoreFrom.PATH;
    }

    /** {@code first}, or {@code second} when {@code first} is null (both may be null). */
    static String firstNonNull(String first, String second) {
        return first != null ? first : second;
    }

    /**
     * How the operator refused a child ({@link ChildObservation#rejectedOrFailed()}), for messages.
     */
    static String rejectedOrFailed(ChildObservation child) {
        return child.lifecycle() == Lifecycle.REJECTED
                ? "was rejected by the operator (generation "
                        + child.generation()
                        + " not observed; the operator's error names the cause)"
                : "failed (lifecycle FAILED, job " + child.jobState() + ")";
    }
}
