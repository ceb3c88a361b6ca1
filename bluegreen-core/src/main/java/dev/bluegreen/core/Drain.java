package dev.bluegreen.core;

/**
 * ADVANCED mode in {@code RETIRING_X} once the deletion delay passed but X is not drained yet:
 * wait, bounded by the cutover deadline (counted from the switch); then its action. X is never
 * retired while the gate still names it as the owner of the output. Package-private, stateless.
 */
final class Drain {
    private Drain() {}

    static Plan waitOrTimeout(Step s) {
        String x = s.x.lowerCase();
        if (Gate.ownsOutput(s, s.x)) {
            return Gate.waitForOwner(s, s.y, "retiring " + x, s.record.deadline());
        }
        if (!Deadlines.passed(s)) {
            String why =
                    String.format(
                            "traffic is on %s; waiting for %s to drain (%s)",
                            s.y.lowerCase(), x, Gate.detail(s));
            return Plans.stay(s, Reason.WAITING_FOR_DRAIN, why, Gate.poll(s, s.record.deadline()));
        }
        return drainDeadlinePassed(s);
    }

    /** X did not drain within the cutover deadline: hold, retire X, or switch back to it. */
    private static Plan drainDeadlinePassed(Step s) {
        String why = s.x.lowerCase() + " did not drain within " + s.policy.cutover().timeout();
        if (s.policy.cutover().action() == TimeoutAction.HOLD) {
            return Plans.stay(
                    s, Reason.DEADLINE_EXCEEDED_HOLD, why + "; holding", Gate.poll(s, null));
        }
        if (Gate.rollingBack(s) || !s.childX().stableAndRunning()) {
            return RetiringStep.retireNow(s, Reason.DEADLINE_EXCEEDED_ROLLBACK, why + ": ");
        }
        return RetiringStep.switchBack(s, Reason.DEADLINE_EXCEEDED_ROLLBACK, why);
    }
}
