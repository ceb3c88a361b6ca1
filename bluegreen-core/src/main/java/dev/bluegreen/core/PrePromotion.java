package dev.bluegreen.core;

import java.time.Instant;

/**
 * Decisions in {@code TRANSITIONING_TO_X} once X is ready by its readiness policy but its
 * pre-promotion analysis has not passed: wait for the checks (bounded by the catch-up deadline), or
 * hold for the user when they are inconclusive. A failed analysis is handled before readiness
 * ({@link Readiness}); a new promote skips the checks.
 */
final class PrePromotion {
    private PrePromotion() {}

    /**
     * Waits for unfinished checks until {@code catchUpEnd} (then the catch-up deadline's timeout
     * action applies), or holds on inconclusive ones until the user promotes or aborts.
     */
    static Plan await(Step s, AnalysisVerdict analysis, Instant catchUpEnd) {
        String ready = s.x.lowerCase() + " is ready; its pre-promotion analysis ";
        if (analysis.phase() == AnalysisPhase.INCONCLUSIVE) {
            String why = ready + "is inconclusive (" + analysis.describe() + "): holding;";
            return Plans.stay(
                    s,
                    Reason.ANALYSIS_INCONCLUSIVE,
                    why + " promote or abort",
                    Requeue.EVENTS_ONLY);
        }
        if (Deadlines.passed(s, catchUpEnd)) {
            return Handover.timeout(
                    s,
                    s.policy.catchUp(),
                    "did not pass its pre-promotion analysis",
                    analysis.describe());
        }
        return Plans.stay(
                s,
                Reason.WAITING_FOR_ANALYSIS,
                ready + "is " + analysis.describe(),
                Deadlines.until(s, catchUpEnd));
    }
}
