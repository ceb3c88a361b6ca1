package dev.bluegreen.core;

import java.util.Optional;

/**
 * Decisions in {@code RETIRING_X} while the post-promotion analysis judges the new serving Y: X is
 * kept while the checks run (the deletion delay and rollback window are extended, never cut), a
 * failure switches back to a running X (in ADVANCED mode through the gate: Y drains first), and an
 * inconclusive result holds for the user. Not consulted while an ADVANCED-mode rollback retires the
 * rolled-back X.
 */
final class PostPromotion {
    private PostPromotion() {}

    /**
     * The plan the post-promotion analysis imposes, or empty when it lets the retirement go on (no
     * checks, or all passed, or a rollback retirement).
     */
    static Optional<Plan> decide(Step s) {
        AnalysisVerdict analysis = s.obs.analysis().postPromotion();
        AnalysisPhase phase = analysis.phase();
        if (Gate.rollingBack(s)
                || phase == AnalysisPhase.NONE
                || phase == AnalysisPhase.SUCCESSFUL) {
            return Optional.empty();
        }
        String what = s.y.lowerCase() + "'s post-promotion analysis ";
        if (phase.failed()) {
            return Optional.of(failed(s, what + "failed: " + analysis.describe()));
        }
        if (phase == AnalysisPhase.INCONCLUSIVE) {
            String why = what + "is inconclusive (" + analysis.describe() + "): ";
            return Optional.of(
                    Plans.stay(
                            s,
                            Reason.ANALYSIS_INCONCLUSIVE,
                            why + s.x.lowerCase() + " is kept; promote or abort",
                            Requeue.EVENTS_ONLY));
        }
        String why = what + "is " + analysis.describe() + "; " + s.x.lowerCase() + " is kept";
        return Optional.of(Plans.stay(s, Reason.WAITING_FOR_ANALYSIS, why, Requeue.EVENTS_ONLY));
    }

    /** Back to X when it runs; else Y keeps the traffic and rests failing, X kept. */
    private static Plan failed(Step s, String why) {
        if (s.childX().stableAndRunning()) {
            return RetiringStep.switchBack(s, Reason.ANALYSIS_ROLLBACK, why);
        }
        return RetiringStep.giveUpOld(s, Reason.ANALYSIS_ROLLBACK, why);
    }
}
