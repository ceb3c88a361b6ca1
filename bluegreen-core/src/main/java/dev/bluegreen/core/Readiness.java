package dev.bluegreen.core;

import java.time.Instant;

/**
 * Judges a stable and running incoming child in {@code TRANSITIONING_TO_X}: a new promote, then the
 * readiness policy, bounded by the catch-up deadline counted from when X was first ready. In
 * ADVANCED mode the switch waits for the gate's cutover ({@link Cutover}).
 */
final class Readiness {
    private Readiness() {}

    static Plan judge(Step s, ChildObservation incoming, Instant readySince) {
        if (Cutover.requested(s)) {
            return Cutover.await(s, readySince, s.x.lowerCase() + " is ready");
        }
        if (s.newPromote()) {
            return Cutover.needed(s)
                    ? Cutover.request(s.promoteHandled(), readySince, "promoted by the user")
                    : Handover.switchTraffic(s.promoteHandled(), Reason.PROMOTED_BY_USER);
        }
        return byPolicy(s, incoming, readySince);
    }

    /**
     * A failed pre-promotion analysis aborts; else the readiness policy's verdict on X decides:
     * switch (or cutover) once the analysis passed too, soak, or wait.
     */
    private static Plan byPolicy(Step s, ChildObservation incoming, Instant readySince) {
        AnalysisVerdict analysis = s.obs.analysis().prePromotion();
        if (analysis.phase().failed()) {
            String why = s.x.lowerCase() + " failed its pre-promotion analysis: ";
            return Handover.rollback(s, Reason.ANALYSIS_FAILED, why + analysis.describe());
        }
        var input = new ReadinessInput(s.x, incoming, s.childY(), readySince, s.now, s.obs.gate());
        var verdict = s.policy.readiness().evaluate(input);
        Instant catchUpEnd = readySince.plus(s.policy.catchUp().timeout());
        if (verdict instanceof ReadinessVerdict.Ready) {
            return analysis.phase().unfinished() || analysis.phase() == AnalysisPhase.INCONCLUSIVE
                    ? PrePromotion.await(s, analysis, catchUpEnd)
                    : switchOrCutover(s, readySince);
        }
        if (verdict instanceof ReadinessVerdict.WaitUntil wait) {
            return waitUntil(s, wait, catchUpEnd);
        }
        if (verdict instanceof ReadinessVerdict.Failed failed) {
            String why = "; its readiness policy failed: " + failed.why();
            return notReady(s, Reason.READINESS_FAILED, why, failed.why(), catchUpEnd);
        }
        String why = ((ReadinessVerdict.NotReady) verdict).why();
        return notReady(s, Reason.WAITING_FOR_READINESS, " but not ready: " + why, why, catchUpEnd);
    }

    /** X is ready and analysed (or has no checks): traffic moves, or the gate's cutover starts. */
    private static Plan switchOrCutover(Step s, Instant readySince) {
        return Cutover.needed(s)
                ? Cutover.request(s, readySince, s.x.lowerCase() + " is ready")
                : Handover.switchTraffic(s, Reason.TRAFFIC_SWITCHED);
    }

    /** The policy waits until a time: soak until then, capped by the catch-up deadline. */
    private static Plan waitUntil(Step s, ReadinessVerdict.WaitUntil wait, Instant catchUpEnd) {
        if (Deadlines.passed(s, catchUpEnd)) {
            return Handover.timeout(s, s.policy.catchUp(), "did not catch up", wait.why());
        }
        Instant at = wait.at().isBefore(catchUpEnd) ? wait.at() : catchUpEnd;
        return Plans.stay(
                s,
                Reason.SOAKING,
                s.x.lowerCase() + " is stable and running; " + wait.why() + " until " + at,
                Deadlines.until(s, at));
    }

    /**
     * The policy says not ready (or failed): wait until the catch-up deadline, then time out.
     *
     * @param said what follows "X is stable and running" in the plan's message
     * @param why the policy's reason, for the timeout's message
     */
    private static Plan notReady(
            Step s, Reason reason, String said, String why, Instant catchUpEnd) {
        if (Deadlines.passed(s, catchUpEnd)) {
            return Handover.timeout(s, s.policy.catchUp(), "did not catch up", why);
        }
        return Plans.stay(
                s,
                reason,
                s.x.lowerCase() + " is stable and running" + said,
                Deadlines.until(s, catchUpEnd));
    }
}
