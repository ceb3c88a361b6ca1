package dev.bluegreen.core.analysis;

import dev.bluegreen.core.AnalysisPhase;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The rules of an analysis run, pure and deterministic: when a check measures next, how a
 * measurement changes its counters and phase, and the phase of a stage. The meanings are those of
 * Argo Rollouts' AnalysisRun as its code implements them (docs/analysis.md lists where we differ).
 */
public final class CheckRules {
    private CheckRules() {}

    /**
     * When {@code check} measures next in a run that started at {@code start}: start plus the
     * initial delay for the first; {@link CheckSpec#ERROR_RETRY_INTERVAL} after an error; else the
     * interval after the last. Empty once the check is finished, or when {@code stageEnded}
     * (another check ended the stage).
     */
    public static Optional<Instant> nextAt(
            CheckSpec check, CheckProgress progress, Instant start, boolean stageEnded) {
        throw new UnsupportedOperationException("issue 28: being written");
    }

    /**
     * {@code progress} with {@code measurement} added: counters updated, at most {@link
     * CheckProgress#KEPT} measurements kept, and the phase assessed in Argo's order (failure,
     * inconclusive and error limits, the last that trips wins; then the effective count).
     */
    public static CheckProgress record(
            CheckSpec check, CheckProgress progress, Measurement measurement) {
        throw new UnsupportedOperationException("issue 28: being written");
    }

    /**
     * The phase of a stage with these checks: the worst phase once any check failed, erred or is
     * inconclusive (the stage ends: no more measurements); {@link AnalysisPhase#SUCCESSFUL} when
     * all succeeded; {@link AnalysisPhase#PENDING} when none measured yet; else {@link
     * AnalysisPhase#RUNNING}. {@link AnalysisPhase#NONE} for no checks.
     */
    public static AnalysisPhase stagePhase(List<CheckProgress> checks) {
        throw new UnsupportedOperationException("issue 28: being written");
    }
}
