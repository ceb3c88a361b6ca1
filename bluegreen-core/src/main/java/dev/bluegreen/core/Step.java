package dev.bluegreen.core;

import java.time.Instant;

/**
 * The inputs of one decision: the record, the observation, the policy, the colours of the state,
 * and the command tokens read against the record. Plans are built with {@link Plans}, deadlines
 * read with {@link Deadlines}. Package-private, immutable, created once per decision.
 */
final class Step {
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

    boolean desiredIsTarget() {
        return desired.ref().equals(record.targetSpecRef());
    }

    boolean desiredIsStable() {
        return desired.ref().equals(record.stableSpecRef());
    }
}
