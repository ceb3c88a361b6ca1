package dev.bluegreen.core;

import dev.bluegreen.core.Action.SwitchTraffic;
import dev.bluegreen.core.BlueGreenState.Role;

import java.time.Instant;
import java.util.List;

/**
 * Decisions in {@code RETIRING_X}: traffic is on Y, the old X is kept for the deletion delay (and
 * the rollback window), then retired in the same plan that finishes the transition. Spec changes
 * wait until the transition has finished.
 */
final class RetiringStep {
    private RetiringStep() {}

    /** When the previous child may be retired, for traffic switched at {@code switchedAt}. */
    static Instant retireAt(TransitionPolicy policy, Instant switchedAt) {
        Instant afterDelay = switchedAt.plus(policy.deletionDelay());
        if (policy.retention() != Retention.KEEP_RUNNING) {
            return afterDelay;
        }
        Instant afterWindow = switchedAt.plus(policy.rollbackWindow());
        return afterWindow.isAfter(afterDelay) ? afterWindow : afterDelay;
    }

    static Plan decide(Step s) {
        ChildObservation old = s.childX();
        if (!old.present()) {
            return oldGone(s);
        }
        if (!s.newAbort()) {
            return decideOn(s, old);
        }
        return RetiringAbort.decide(s, old);
    }

    /** The decision once a new abort (if any) was handled. */
    static Plan decideOn(Step s, ChildObservation old) {
        if (!s.childY().stableAndRunning()) {
            return activeNotRunning(s, old);
        }
        return s.paused() ? paused(s) : retire(s);
    }

    private static Plan paused(Step s) {
        String why = "retirement of " + s.x.lowerCase() + " is paused";
        return Plans.stay(s, Reason.PAUSED, why, Requeue.EVENTS_ONLY);
    }

    /**
     * Retires X once the deletion delay (and rollback window) passed and the post-promotion
     * analysis passed, finishing the transition; a failed analysis switches back to X.
     */
    private static Plan retire(Step s) {
        return PostPromotion.decide(s).orElseGet(() -> retireWhenDue(s));
    }

    /** Retires X once the deletion delay (and rollback window) passed. */
    private static Plan retireWhenDue(Step s) {
        Instant switchedAt = s.record.trafficSwitchedAt();
        Instant retireAt = switchedAt == null ? s.now : retireAt(s.policy, switchedAt);
        if (!Deadlines.passed(s, retireAt)) {
            String why =
                    String.format(
                            "traffic is on %s; %s is retired at %s",
                            s.y.lowerCase(), s.x.lowerCase(), retireAt);
            return Plans.stay(s, Reason.WAITING_TO_RETIRE, why, Deadlines.until(s, retireAt));
        }
        if (Gate.on(s) && !drained(s)) {
            return Drain.waitOrTimeout(s);
        }
        return retireNow(s, Reason.TRANSITION_COMPLETED, "");
    }

    /**
     * ADVANCED mode: whether X handed the output to Y and is drained, or fails (nothing to drain)
     * and no keep window protects its output (else the gate's hand-back comes first).
     */
    private static boolean drained(Step s) {
        GateObservation gate = s.obs.gate();
        boolean failedOwingNothing = s.childX().failing() && !Gate.owes(s, s.x);
        return (gate.outputOwner() == s.y && gate.drained(s.x)) || failedOwingNothing;
    }

    /**
     * Retires X by the retention policy and finishes; {@code why} prefixes the message. X is
     * replaced, or abandoned in a rollback retirement (ADVANCED mode: a rolled-back X retired after
     * its drain is kept for analysis like one retired at once). Under SUSPEND_THEN_DELETE a running
     * X is stopped with a savepoint here and deleted by {@code ACTIVE_Y} once it is observed
     * suspended.
     */
    static Plan retireNow(Step s, Reason reason, String why) {
        var situation =
                Gate.rollingBack(s)
                        ? Retirement.Situation.ABANDONED
                        : Retirement.Situation.REPLACED;
        Action retire = Retirement.action(s, s.x, situation);
        String what = why + "retiring " + s.x.lowerCase() + " (" + s.policy.retention() + ")";
        return finish(s, List.of(retire), reason, what);
    }

    private static Plan oldGone(Step s) {
        if (!s.childY().exists()) {
            // both deleted by hand: traffic must never rest on a missing child (seed 43499)
            return recreateActive(s);
        }
        String why = "the old " + s.x.lowerCase() + " child is already gone";
        return finish(s, List.of(), Reason.FINALIZED_FORWARD, why);
    }

    /** The new active Y is not stable and running: switch back if X runs, else wait. */
    private static Plan activeNotRunning(Step s, ChildObservation old) {
        // a rolled-back X (ADVANCED mode) is never switched back to
        if (old.stableAndRunning() && !Gate.rollingBack(s)) {
            return switchBack(
                    s,
                    Reason.ROLLBACK,
                    s.y.lowerCase() + " stopped being stable and running after the switch");
        }
        if (!s.childY().exists()) {
            return recreateActive(s);
        }
        return s.paused() ? paused(s) : waitForEither(s);
    }

    /** Neither child runs: wait for one until the cutover deadline. */
    private static Plan waitForEither(Step s) {
        if (!Deadlines.passed(s)) {
            String why =
                    String.format(
                            "neither %s nor %s is stable and running",
                            s.y.lowerCase(), s.x.lowerCase());
            return Plans.stay(s, Reason.WAITING_FOR_READINESS, why, Deadlines.untilDeadline(s));
        }
        return cutoverDeadlinePassed(s);
    }

    /** The cutover to Y passed its deadline: hold (until a promote) or give up the old X. */
    private static Plan cutoverDeadlinePassed(Step s) {
        if (s.policy.cutover().action() != TimeoutAction.HOLD) {
            return giveUpOld(
                    s,
                    Reason.DEADLINE_EXCEEDED_ROLLBACK,
                    "cutover to " + s.y.lowerCase() + " passed its deadline");
        }
        if (s.newPromote()) {
            String why = "promoted by the user after the cutover to " + s.y.lowerCase() + " held";
            return giveUpOld(s.promoteHandled(), Reason.PROMOTED_BY_USER, why);
        }
        String why = "cutover to " + s.y.lowerCase() + " passed its deadline; holding";
        return Plans.stay(s, Reason.DEADLINE_EXCEEDED_HOLD, why, Requeue.EVENTS_ONLY);
    }

    /** Y holds traffic but was deleted by hand and X cannot take it back: recreate Y. */
    private static Plan recreateActive(Step s) {
        String target = s.record.targetSpecRef();
        Action.DeployChild deploy = Plans.redeploy(s, s.y, target);
        return Plans.plan(
                Plans.next(s, s.record.state()),
                List.of(deploy),
                Deadlines.untilDeadline(s),
                Reason.CHILD_RECREATED,
                String.format(
                        "serving %s is missing and %s is not running: recreating %s with spec %s",
                        s.y.lowerCase(), s.x.lowerCase(), s.y.lowerCase(), target));
    }

    /**
     * Neither child runs and the change ends (cutover deadline, or the user's abort or promote):
     * traffic cannot move to a broken X, so it stays on Y, which rests as failing with the target
     * as its stable spec; nothing is retired, X is kept for inspection.
     */
    static Plan giveUpOld(Step s, Reason reason, String why) {
        String target = s.record.targetSpecRef();
        return Plans.plan(
                Plans.rest(s, BlueGreenState.of(Role.FAILING, s.y)).stableSpecRef(target),
                List.of(),
                Requeue.EVENTS_ONLY,
                reason,
                why
                        + " and "
                        + s.x.lowerCase()
                        + " is not running either: nothing healthy to switch back to; "
                        + s.y.lowerCase()
                        + " keeps the traffic");
    }

    static Plan finish(Step s, List<Action> actions, Reason reason, String why) {
        String target = s.record.targetSpecRef();
        // a rollback retirement (ADVANCED mode) keeps the failed marker of the rolled-back spec
        String failed = Gate.rollingBack(s) ? s.record.failedSpecRef() : null;
        return Plans.plan(
                Plans.rest(s, BlueGreenState.of(Role.ACTIVE, s.y))
                        .stableSpecRef(target)
                        .failedSpecRef(failed),
                actions,
                Requeue.EVENTS_ONLY,
                reason,
                why + "; " + s.y.lowerCase() + " serves spec " + target);
    }

    /**
     * Moves traffic back to the running X first, then retires Y; the target is marked failed. In
     * ADVANCED mode a Y that is present and not failing may still owe output: it is retired once
     * the gate hands the output back to X and Y is drained (a hot rollback); so is a failing Y
     * whose output a keep window protects (the gate's cold hand-back gives X what Y did not
     * commit).
     */
    static Plan switchBack(Step s, Reason reason, String why) {
        ChildObservation y = s.childY();
        if (Gate.on(s) && y.present() && (!y.failing() || Gate.owes(s, s.y))) {
            var toX = List.<Action>of(new SwitchTraffic(s.x));
            return Gate.drainThenRetire(
                    s, s.y, toX, reason, why + ": traffic back to " + s.x.lowerCase());
        }
        return switchBackAndRetire(s, reason, why);
    }

    /** Traffic back to X and Y retired in one plan; X rests as active, the target failed. */
    private static Plan switchBackAndRetire(Step s, Reason reason, String why) {
        return Plans.plan(
                Plans.rest(s, BlueGreenState.of(Role.ACTIVE, s.x))
                        .trafficColor(s.x)
                        .failedSpecRef(s.record.targetSpecRef()),
                List.of(
                        new SwitchTraffic(s.x),
                        Retirement.action(s, s.y, Retirement.Situation.ABANDONED)),
                Requeue.EVENTS_ONLY,
                reason,
                why + ": traffic back to " + s.x.lowerCase() + ", retiring " + s.y.lowerCase());
    }
}
