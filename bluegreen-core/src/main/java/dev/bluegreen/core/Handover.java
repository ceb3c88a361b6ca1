package dev.bluegreen.core;

import dev.bluegreen.core.Action.SwitchTraffic;
import dev.bluegreen.core.BlueGreenState.Role;

import java.time.Instant;
import java.util.List;

/**
 * The two ways out of {@code TRANSITIONING_TO_X}: switch traffic to X, or roll back to Y. Traffic
 * always moves before any child is retired; a rollback never moved traffic, so it only retires X.
 */
final class Handover {
    private Handover() {}

    /** Switches traffic to X: to {@code RETIRING_Y} while Y is present, else finishes at once. */
    static Plan switchTraffic(Step s, Reason reason) {
        if (s.childY().present()) {
            return switchThenRetire(s, reason);
        }
        return complete(
                s, reason == Reason.TRAFFIC_SWITCHED ? Reason.TRANSITION_COMPLETED : reason);
    }

    private static Plan switchThenRetire(Step s, Reason reason) {
        Instant retireAt = RetiringStep.retireAt(s.policy, s.now);
        // ADVANCED mode: the deadline bounds the drain, which only matters once Y may go
        Instant from = Gate.on(s) ? retireAt : s.now;
        return Plans.plan(
                Plans.next(s, BlueGreenState.of(Role.RETIRING, s.y))
                        .trafficColor(s.x)
                        .trafficSwitchedAt(s.now)
                        .deadline(from.plus(s.policy.cutover().timeout())),
                List.of(new SwitchTraffic(s.x)),
                Deadlines.until(s, retireAt),
                reason,
                String.format(
                        "switched traffic to %s; %s is retired at %s",
                        s.x.lowerCase(), s.y.lowerCase(), retireAt));
    }

    /** Finishes on X at once: no previous child to retire (first deployment, or Y is gone). */
    static Plan complete(Step s, Reason reason) {
        String target = s.record.targetSpecRef();
        return Plans.plan(
                Plans.rest(s, BlueGreenState.of(Role.ACTIVE, s.x))
                        .stableSpecRef(target)
                        .failedSpecRef(null)
                        .trafficColor(s.x),
                List.of(new SwitchTraffic(s.x)),
                Requeue.EVENTS_ONLY,
                reason,
                s.x.lowerCase()
                        + " is stable and running and serves spec "
                        + target
                        + " (no previous child to retire)");
    }

    /**
     * Abandons the transition to X. With Y present, X is retired (deleted, or suspended for
     * analysis when retention is not DELETE) and Y rests; without Y, X is kept as it is and becomes
     * {@code FAILING_X}: there is nothing to roll back to. In ADVANCED mode, an X that the gate
     * names as the output owner is retired only after it hands the output back ({@link
     * Gate#drainThenRetire}).
     */
    static Plan rollback(Step s, Reason reason, String why) {
        if (!s.childY().present()) {
            return keepFailing(s, reason, why);
        }
        if (Gate.ownsOutput(s, s.x)) {
            // the gate already gave X the output tail: X is retired once it hands it back
            return Gate.drainThenRetire(s, s.x, List.of(), reason, why);
        }
        return retireIncoming(s, reason, why);
    }

    /** No Y to roll back to: X is kept as it is, as {@code FAILING_X}. */
    private static Plan keepFailing(Step s, Reason reason, String why) {
        String target = s.record.targetSpecRef();
        return Plans.plan(
                Plans.rest(s, BlueGreenState.of(Role.FAILING, s.x))
                        .targetSpecRef(target)
                        .failedSpecRef(target),
                List.of(),
                Requeue.EVENTS_ONLY,
                reason,
                why + ": no previous child to roll back to; " + s.x.lowerCase() + " is kept");
    }

    /** Retires the incoming X and rests on the incumbent Y, which keeps serving. */
    private static Plan retireIncoming(Step s, Reason reason, String why) {
        boolean superseded = reason == Reason.SUPERSEDED;
        var next = Plans.rest(s, TransitioningStep.incumbentRest(s));
        if (!superseded) {
            next.failedSpecRef(s.record.targetSpecRef());
        }
        return Plans.plan(
                next,
                List.of(Retirement.action(s, s.x, Retirement.Situation.ABANDONED)),
                superseded ? Requeue.NOW : Requeue.EVENTS_ONLY,
                reason,
                String.format(
                        "%s: retiring incoming %s; %s keeps serving spec %s",
                        why, s.x.lowerCase(), s.y.lowerCase(), s.record.stableSpecRef()));
    }

    /**
     * The failure path of {@code deadline}, taken at once: the operator rejected or failed the
     * incoming X ({@code what} says how), so its deadline is not waited for. HOLD holds (the user
     * decides), ROLLBACK abandons the change as a timeout would.
     */
    static Plan childFailed(Step s, PhaseDeadline deadline, String what) {
        return failurePath(
                s,
                deadline,
                Reason.CHILD_FAILED_HOLD,
                Reason.CHILD_FAILED_ROLLBACK,
                s.x.lowerCase() + " " + what,
                " (timeout action HOLD): fix the spec, promote or abort");
    }

    /** The timeout action of {@code deadline} for an incoming X that {@code what}. */
    static Plan timeout(Step s, PhaseDeadline deadline, String what) {
        return timeout(s, deadline, what, null);
    }

    /**
     * The timeout action of {@code deadline} for an incoming X that {@code what}, with the last
     * thing that was missing ({@code detail}, or {@code null}) after a colon.
     */
    static Plan timeout(Step s, PhaseDeadline deadline, String what, String detail) {
        String why =
                String.format("%s %s within %s", s.x.lowerCase(), what, deadline.timeout())
                        + (detail == null ? "" : " (" + detail + ")");
        return failurePath(
                s,
                deadline,
                Reason.DEADLINE_EXCEEDED_HOLD,
                Reason.DEADLINE_EXCEEDED_ROLLBACK,
                why,
                "");
    }

    /**
     * The action of {@code deadline} for {@code why}: HOLD stays ({@code hold}, with {@code
     * holdNote} after "; holding"), ROLLBACK rolls X back ({@code rollback}).
     */
    private static Plan failurePath(
            Step s,
            PhaseDeadline deadline,
            Reason hold,
            Reason rollback,
            String why,
            String holdNote) {
        if (deadline.action() == TimeoutAction.HOLD) {
            return Plans.stay(s, hold, why + "; holding" + holdNote, Requeue.EVENTS_ONLY);
        }
        return rollback(s, rollback, why);
    }
}
