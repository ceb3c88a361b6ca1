package dev.bluegreen.core;

import java.util.Objects;

/**
 * What the analysis checks of one stage (pre- or post-promotion) concluded so far: an engine input.
 * The controller (or the simulator) runs the checks; the engine only reads the phase.
 *
 * @param phase the stage's phase: {@link AnalysisPhase#NONE} when the stage has no checks
 * @param summary what to show in the plan's message and events, e.g. {@code "check error-rate
 *     failed: last values [0.31, 0.42]"}; empty when there is nothing to say
 */
public record AnalysisVerdict(AnalysisPhase phase, String summary) {
    /** A stage without checks. */
    public static final AnalysisVerdict NONE = new AnalysisVerdict(AnalysisPhase.NONE, "");

    public AnalysisVerdict {
        Objects.requireNonNull(phase, "phase == null");
        summary = summary == null ? "" : summary;
    }

    /** A verdict of {@code phase} with {@code summary}. */
    public static AnalysisVerdict of(AnalysisPhase phase, String summary) {
        return new AnalysisVerdict(phase, summary);
    }

    /** The summary, or the phase's name in lower case when there is no summary. */
    public String describe() {
        return summary.isEmpty() ? phase.name().toLowerCase(java.util.Locale.ROOT) : summary;
    }
}
