package dev.bluegreen.core;

import java.util.Objects;

/**
 * What the analysis checks concluded, per stage, for one decision. Pre-promotion checks judge the
 * incoming child of {@code TRANSITIONING_TO_X} from when it was first stable and running; the
 * switch waits until they pass, and a failure aborts the transition. Post-promotion checks judge
 * the new serving child of {@code RETIRING_X} from the switch; the previous child is not retired
 * while they run, and a failure switches back to it. {@link #none()} when no checks are configured
 * (the engine then decides as without analysis).
 *
 * @param prePromotion the verdict of the pre-promotion checks for the current transition
 * @param postPromotion the verdict of the post-promotion checks for the current transition
 */
public record AnalysisObservation(AnalysisVerdict prePromotion, AnalysisVerdict postPromotion) {
    private static final AnalysisObservation NONE =
            new AnalysisObservation(AnalysisVerdict.NONE, AnalysisVerdict.NONE);

    public AnalysisObservation {
        Objects.requireNonNull(prePromotion, "prePromotion == null");
        Objects.requireNonNull(postPromotion, "postPromotion == null");
    }

    /** No checks in either stage. */
    public static AnalysisObservation none() {
        return NONE;
    }

    /** The pre-promotion verdict {@code verdict}, no post-promotion checks. */
    public static AnalysisObservation pre(AnalysisVerdict verdict) {
        return new AnalysisObservation(verdict, AnalysisVerdict.NONE);
    }

    /** The post-promotion verdict {@code verdict}, no pre-promotion checks. */
    public static AnalysisObservation post(AnalysisVerdict verdict) {
        return new AnalysisObservation(AnalysisVerdict.NONE, verdict);
    }
}
