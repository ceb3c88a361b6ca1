package dev.bluegreen.core;

import java.util.function.Function;

/**
 * Command tokens seen in a resting state ({@code INITIALIZING}, {@code ACTIVE}, {@code FAILING},
 * {@code SUSPENDED}), where no change is in flight. A new abort has nothing to abort, and a new
 * promote has nothing to promote unless the desired spec is the failed one (then it is the explicit
 * retry, see {@link Changes#retryGate}). Both are recorded as handled in the plan of this decision,
 * so that they never act on a change that starts later.
 */
final class RestingCommands {
    private RestingCommands() {}

    /**
     * Decides with {@code role}, consuming stale tokens first. When the decision is to stay as is,
     * its reason becomes {@link Reason#ABORT_IGNORED} or {@link Reason#PROMOTE_IGNORED}; any other
     * decision (a recreation, a change that starts) keeps its reason and records the tokens too.
     */
    static Plan decide(Step s, Function<Step, Plan> role) {
        boolean abort = s.newAbort();
        boolean promote = s.newPromote() && !s.desired.ref().equals(s.record.failedSpecRef());
        if (!abort && !promote) {
            return role.apply(s);
        }
        Step consumed = abort ? s.abortHandled() : s;
        consumed = promote ? consumed.promoteHandled() : consumed;
        Plan plan = role.apply(consumed);
        if (!plan.actions().isEmpty() || !plan.record().equals(consumed.record)) {
            return plan;
        }
        return ignoring(
                plan,
                abort ? Reason.ABORT_IGNORED : Reason.PROMOTE_IGNORED,
                ignored(s, abort, promote));
    }

    /** {@code plan} with {@code reason}, saying that the commands {@code what} were ignored. */
    private static Plan ignoring(Plan plan, Reason reason, String what) {
        return new Plan(
                plan.record(),
                plan.actions(),
                plan.requeueAfter(),
                reason,
                what + " ignored: nothing in flight (" + plan.message() + ")");
    }

    /** The ignored commands with their tokens, e.g. {@code abort 3 and promote 4}. */
    private static String ignored(Step s, boolean abort, boolean promote) {
        String what = abort ? "abort " + s.obs.commands().abort() : "";
        if (promote) {
            what += (abort ? " and " : "") + "promote " + s.obs.commands().promote();
        }
        return what;
    }
}
