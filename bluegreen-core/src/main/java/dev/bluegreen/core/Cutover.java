package dev.bluegreen.core;

import java.time.Instant;
import java.util.List;

/**
 * ADVANCED mode in {@code TRANSITIONING_TO_X} with a serving incumbent Y: once X is ready (or
 * promoted) the engine asks for the output tail ({@code outputOwner = X}) and switches traffic only
 * when the gate reports the cutover to X committed. The catch-up deadline, counted from when X was
 * first ready, bounds the wait. Package-private and stateless.
 */
final class Cutover {
    private Cutover() {}

    /** Whether the hand-over to X goes through the gate: gated and Y serves. */
    static boolean needed(Step s) {
        return Gate.on(s) && s.record.trafficColor() == s.y;
    }

    /** Whether the engine already asked the gate for the cutover to X. */
    static boolean requested(Step s) {
        return needed(s) && s.record.outputOwner() == s.x;
    }

    /** The step with the request for the cutover to X withdrawn (X stopped being ready). */
    static Step withdrawn(Step s) {
        return requested(s) ? s.withRecord(s.record.toBuilder().outputOwner(s.y).build()) : s;
    }

    /** X is ready or promoted ({@code why}): ask the gate for the output tail, then wait for it. */
    static Plan request(Step s, Instant readySince, String why) {
        var asked = s.withRecord(s.record.toBuilder().outputOwner(s.x).build());
        return await(asked, readySince, why);
    }

    /**
     * Switches once the gate committed the cutover to X; else waits until the catch-up deadline.
     */
    static Plan await(Step s, Instant readySince, String why) {
        if (s.obs.gate().outputOwner() == s.x) {
            return Handover.switchTraffic(s, Reason.CUTOVER_COMMITTED);
        }
        if (s.newPromote()) {
            // a promote skips readiness only; the cutover itself cannot be skipped
            return await(s.promoteHandled(), readySince, "promoted by the user");
        }
        Instant end = readySince.plus(s.policy.catchUp().timeout());
        return Deadlines.passed(s, end) ? notTakenOver(s) : waitForCutover(s, end, why);
    }

    private static Plan waitForCutover(Step s, Instant end, String why) {
        return Plans.plan(
                Plans.next(s, s.record.state()),
                List.of(),
                Gate.poll(s, end),
                Reason.WAITING_FOR_CUTOVER,
                why
                        + ": waiting for the gate to commit the cutover to "
                        + s.x.lowerCase()
                        + " ("
                        + Gate.detail(s)
                        + ")");
    }

    /** The catch-up deadline passed before the gate gave X the output: hold or roll back. */
    private static Plan notTakenOver(Step s) {
        String what =
                s.x.lowerCase()
                        + " did not take over the output within "
                        + s.policy.catchUp().timeout();
        if (s.policy.catchUp().action() == TimeoutAction.HOLD) {
            return Plans.stay(
                    s, Reason.DEADLINE_EXCEEDED_HOLD, what + "; holding", Gate.poll(s, null));
        }
        return Handover.rollback(s, Reason.DEADLINE_EXCEEDED_ROLLBACK, what);
    }
}
