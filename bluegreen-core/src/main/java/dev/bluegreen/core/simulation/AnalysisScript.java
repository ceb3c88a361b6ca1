package dev.bluegreen.core.simulation;

import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.AnalysisVerdict;

import java.time.Duration;
import java.util.Objects;

/**
 * A script of what the analysis checks of one stage (pre- or post-promotion) of a {@link
 * TransitionSimulator} conclude, so that a policy can be tested with analysis without a cluster:
 * the checks run ({@link AnalysisPhase#RUNNING}) from the start of the stage's window (see {@code
 * dev.bluegreen.core.analysis.AnalysisWindow}) until {@code after} has passed, then conclude {@code
 * outcome}, which stays for the rest of that run. Each run (a new transition, a new target) starts
 * the script again. Immutable and thread-safe.
 *
 * @param outcome what the checks conclude: {@link AnalysisPhase#SUCCESSFUL}, {@link
 *     AnalysisPhase#FAILED}, {@link AnalysisPhase#INCONCLUSIVE} or {@link AnalysisPhase#ERROR}; or
 *     {@code null} if they never conclude
 * @param after how long after the window's start they conclude; {@code null} exactly when {@code
 *     outcome} is
 */
public record AnalysisScript(AnalysisPhase outcome, Duration after) {
    private static final Duration DEFAULT_AFTER = Duration.ofSeconds(30);

    public AnalysisScript {
        if ((outcome == null) != (after == null)) {
            throw new IllegalArgumentException(
                    "outcome and after must both be set or both be null (never): "
                            + outcome
                            + ", "
                            + after);
        }
        if (outcome != null && !outcome.finished()) {
            throw new IllegalArgumentException(
                    "outcome must be SUCCESSFUL, FAILED, INCONCLUSIVE or ERROR: " + outcome);
        }
        if (after != null && after.isNegative()) {
            throw new IllegalArgumentException("after must not be negative: " + after);
        }
    }

    /** Checks that pass {@code after} the window's start. */
    public static AnalysisScript passesAfter(Duration after) {
        return new AnalysisScript(AnalysisPhase.SUCCESSFUL, requireAfter(after));
    }

    /** Checks that fail {@code after} the window's start. */
    public static AnalysisScript failsAfter(Duration after) {
        return new AnalysisScript(AnalysisPhase.FAILED, requireAfter(after));
    }

    /** Checks that err (exceed their consecutive-error limit) {@code after} the window's start. */
    public static AnalysisScript errsAfter(Duration after) {
        return new AnalysisScript(AnalysisPhase.ERROR, requireAfter(after));
    }

    /** Checks that end inconclusive {@code after} the window's start. */
    public static AnalysisScript inconclusiveAfter(Duration after) {
        return new AnalysisScript(AnalysisPhase.INCONCLUSIVE, requireAfter(after));
    }

    /** Checks that never conclude (an indefinite check that no limit trips). */
    public static AnalysisScript never() {
        return new AnalysisScript(null, null);
    }

    private static Duration requireAfter(Duration after) {
        return Objects.requireNonNull(after, "after == null");
    }

    /** This script, except that checks that never conclude pass after 30 s. */
    public AnalysisScript behaving() {
        return outcome == null ? passesAfter(DEFAULT_AFTER) : this;
    }

    /** What the checks conclude {@code elapsed} after the window's start. */
    AnalysisVerdict verdictAt(Duration elapsed) {
        if (after == null || elapsed.compareTo(after) < 0) {
            return AnalysisVerdict.of(AnalysisPhase.RUNNING, "scripted checks running");
        }
        String phase = outcome.name().toLowerCase(java.util.Locale.ROOT);
        return AnalysisVerdict.of(outcome, "scripted checks " + phase + " after " + after);
    }
}
