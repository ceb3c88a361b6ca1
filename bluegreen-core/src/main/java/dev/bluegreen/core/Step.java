package dev.bluegreen.core;

import dev.bluegreen.core.Action.RestoreFrom;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The inputs of one decision plus the helpers every role's step shares: command tokens, deadlines,
 * requeue delays and record builders. Package-private, immutable, created once per decision.
 */
final class Step {
    static final Optional<Duration> NOW = Optional.of(Duration.ZERO);
    static final Optional<Duration> EVENTS_ONLY = Optional.empty();

    final TransitionRecord record;
    final Observation obs;
    final TransitionPolicy policy;
    final DesiredSpec desired;
    final Instant now;

    /** The colour in the state's name. */
    final Color x;

    /** The opposite of {@link #x}. */
    final Color y;

    Step(TransitionRecord record, Observation obs, TransitionPolicy policy) {
        this.record = record;
        this.obs = obs;
        this.policy = policy;
        this.desired = obs.desired();
        this.now = obs.now();
        this.x = record.state().namedColor();
        this.y = x.opposite();
    }

    /** The same decision inputs with another record (after handling a command token). */
    Step withRecord(TransitionRecord other) {
        return new Step(other, obs, policy);
    }

    /** This step with the new abort token recorded as handled. */
    Step abortHandled() {
        return withRecord(record.toBuilder().handledAbort(obs.commands().abort()).build());
    }

    /** This step with the new promote token recorded as handled. */
    Step promoteHandled() {
        return withRecord(record.toBuilder().handledPromote(obs.commands().promote()).build());
    }

    ChildObservation childX() {
        return obs.child(x);
    }

    ChildObservation childY() {
        return obs.child(y);
    }

    boolean newAbort() {
        String abort = obs.commands().abort();
        return abort != null && !abort.equals(record.handledAbort());
    }

    boolean newPromote() {
        String promote = obs.commands().promote();
        return promote != null && !promote.equals(record.handledPromote());
    }

    boolean paused() {
        return obs.commands().paused();
    }

    boolean deadlinePassed() {
        return passed(record.deadline());
    }

    boolean passed(Instant at) {
        return at != null && !now.isBefore(at);
    }

    boolean desiredIsTarget() {
        return desired.ref().equals(record.targetSpecRef());
    }

    boolean desiredIsStable() {
        return desired.ref().equals(record.stableSpecRef());
    }

    /** The delay until {@code at}, zero if passed, empty if {@code at} is null. */
    Optional<Duration> until(Instant at) {
        if (at == null) {
            return EVENTS_ONLY;
        }
        return now.isBefore(at) ? Optional.of(Duration.between(now, at)) : NOW;
    }

    Optional<Duration> untilDeadline() {
        return until(record.deadline());
    }

    /**
     * The action that takes a child out of service, by the retention policy: DELETE deletes it,
     * SUSPEND and KEEP_RUNNING suspend it, SUSPEND_THEN_DELETE stops it with a savepoint unless it
     * has no running job to stop ({@link Leftover#retire}).
     */
    Action retire(Color color) {
        return switch (policy.retention()) {
            case DELETE -> new Action.DeleteChild(color);
            case SUSPEND, KEEP_RUNNING -> new Action.SuspendChild(color);
            case SUSPEND_THEN_DELETE -> Leftover.retire(this, color);
        };
    }

    /**
     * The actions that point the parent at X when it does not point there yet (e.g. a first
     * deployment that recovers after failing); none otherwise.
     */
    List<Action> trafficToX() {
        return record.trafficColor() == x ? List.of() : List.of(new Action.SwitchTraffic(x));
    }

    /**
     * Deploys {@code color} with {@code ref} from the in-flight transition's restore point (the
     * spec's savepoint when the record has none).
     */
    Action.DeployChild redeploy(Color color, String ref) {
        RestoreFrom restore = record.restore();
        String path = record.restorePath();
        if (restore == null || (restore == RestoreFrom.PATH) != (path != null)) {
            return new Action.DeployChild(color, ref, RestoreFrom.SPEC_INITIAL_SAVEPOINT, null);
        }
        return new Action.DeployChild(color, ref, restore, path);
    }

    /** A builder for the next record in {@code state}, stamping the phase start on a change. */
    TransitionRecord.Builder next(BlueGreenState state) {
        var builder = record.toBuilder().state(state);
        return state == record.state() ? builder : builder.phaseStartedAt(now);
    }

    /** A builder that ends the in-flight change and rests in {@code state}. */
    TransitionRecord.Builder rest(BlueGreenState state) {
        return next(state).clearTransitionMarkers();
    }

    /** A builder that starts a new change towards {@code target} with a fresh deadline. */
    TransitionRecord.Builder start(BlueGreenState state, String target, PhaseDeadline deadline) {
        return next(state)
                .clearTransitionMarkers()
                .transitionNumber(record.transitionNumber() + 1)
                .targetSpecRef(target)
                .deadline(now.plus(deadline.timeout()));
    }

    /** A builder that deploys a new incoming child restoring from {@code restore}. */
    TransitionRecord.Builder startDeploy(
            BlueGreenState state, String target, RestoreFrom restore, String path) {
        return start(state, target, policy.readinessDeadline()).restore(restore).restorePath(path);
    }

    Plan stay(Reason reason, String message, Optional<Duration> requeue) {
        return new Plan(record, List.of(), requeue, reason, message);
    }

    Plan plan(
            TransitionRecord.Builder next,
            List<Action> actions,
            Optional<Duration> requeue,
            Reason reason,
            String message) {
        return new Plan(next.build(), actions, requeue, reason, message);
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
