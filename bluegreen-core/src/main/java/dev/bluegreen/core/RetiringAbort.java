package dev.bluegreen.core;

import dev.bluegreen.core.BlueGreenState.Role;

import java.util.List;
import java.util.Optional;

/**
 * A new abort in {@code RETIRING_X} (traffic on Y, the old X present). It ends the change where it
 * can: traffic back to a running X, or (neither runs) Y keeps the traffic and rests failing; in an
 * ADVANCED-mode rollback retirement it retires the rolled-back X at once. Otherwise it is recorded
 * and the retirement goes on, unless that would hold for the user: every hold ends under abort
 * alone, with Y keeping the traffic and X kept as it is. Package-private and stateless.
 */
final class RetiringAbort {
    private RetiringAbort() {}

    /** The decision on a new abort, X present. */
    static Plan decide(Step s, ChildObservation old) {
        Optional<Plan> aborted = Gate.rollingBack(s) ? abortRollback(s) : abort(s, old);
        return aborted.orElseGet(() -> abortGoesOn(s, old));
    }

    /**
     * ADVANCED mode, retiring a rolled-back X: an abort ends the rollback at once (X is retired
     * without waiting for its drain) unless X still owns the output or Y does not run; empty then
     * (the abort is recorded and the rollback goes on).
     */
    private static Optional<Plan> abortRollback(Step s) {
        if (Gate.ownsOutput(s, s.x) || !s.childY().stableAndRunning()) {
            return Optional.empty();
        }
        return Optional.of(
                RetiringStep.retireNow(
                        s.abortHandled(), Reason.ABORTED_BY_USER, "aborted by the user: "));
    }

    /**
     * Ends the transition on a new abort: traffic back to a running X, else (neither child runs) Y
     * keeps the traffic and rests failing. Empty when Y runs (the retirement goes on, the abort is
     * recorded) or is missing (recreated first; the abort is handled on the next decision).
     */
    private static Optional<Plan> abort(Step s, ChildObservation old) {
        if (old.stableAndRunning()) {
            return Optional.of(
                    RetiringStep.switchBack(
                            s.abortHandled(), Reason.ABORTED_BY_USER, "aborted by the user"));
        }
        ChildObservation y = s.childY();
        if (y.exists() && !y.stableAndRunning()) {
            String why =
                    "aborted by the user while " + s.y.lowerCase() + " is not stable and running";
            return Optional.of(
                    RetiringStep.giveUpOld(s.abortHandled(), Reason.ABORTED_BY_USER, why));
        }
        return Optional.empty();
    }

    /**
     * A new abort that could not end the change at once: recorded, and the retirement goes on (a
     * missing Y is recreated first; the abort is handled on the next decision), unless it would
     * hold for the user: then the abort ends the hold ({@link #abortEndsHold}).
     */
    private static Plan abortGoesOn(Step s, ChildObservation old) {
        if (!s.childY().exists()) {
            return RetiringStep.decideOn(s, old);
        }
        Step handled = s.abortHandled();
        Plan goesOn = RetiringStep.decideOn(handled, old);
        return goesOn.reason().holdsForUser() ? abortEndsHold(handled, goesOn) : goesOn;
    }

    /**
     * The abort of a hold ({@code held}) that cannot switch traffic back (X is not stable and
     * running, or a rolled-back X, which is never switched back to): Y keeps the traffic and X is
     * kept as it is, neither retired nor given the traffic. A running Y rests as {@code ACTIVE_Y}
     * with the target as its stable spec; else ({@code RETIRING_X} rolling back to a Y that stopped
     * running) Y rests as {@code FAILING_Y}.
     */
    private static Plan abortEndsHold(Step s, Plan held) {
        String x = s.x.lowerCase();
        String y = s.y.lowerCase();
        String why = "aborted by the user while holding (" + held.message() + ")";
        if (s.childY().stableAndRunning()) {
            String kept =
                    String.format(
                            "%s, but %s is not stable and running and cannot take the traffic"
                                    + " back: %s is kept as it is, not retired",
                            why, x, x);
            return RetiringStep.finish(s, List.of(), Reason.ABORTED_BY_USER, kept);
        }
        String rest =
                String.format(
                        "%s: the rollback to spec %s cannot finish, %s is not stable and running;"
                                + " %s (rolled back, %s) is kept as it is, neither retired nor"
                                + " given the traffic; %s keeps the traffic",
                        why,
                        s.record.targetSpecRef(),
                        y,
                        x,
                        s.childX().stableAndRunning() ? "running" : "not running",
                        y);
        return Plans.plan(
                Plans.rest(s, BlueGreenState.of(Role.FAILING, s.y)),
                List.of(),
                Requeue.EVENTS_ONLY,
                Reason.ABORTED_BY_USER,
                rest);
    }
}
