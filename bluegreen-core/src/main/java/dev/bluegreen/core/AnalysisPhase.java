package dev.bluegreen.core;

/**
 * The phase of one analysis check, or of all the checks of one stage (pre- or post-promotion), with
 * the meanings of Argo Rollouts' AnalysisRun. The declaration order after {@link #RUNNING} is
 * Argo's "worst last" order: the phase of a stage is its worst check's phase.
 */
public enum AnalysisPhase {
    /** The stage has no checks: the engine decides as if analysis did not exist. */
    NONE,
    /** Checks are configured and finished without a problem. */
    SUCCESSFUL,
    /** Checks are configured and still take measurements. */
    RUNNING,
    /** Checks are configured, but no measurement was taken yet (e.g. within the initial delay). */
    PENDING,
    /**
     * A check exceeded its inconclusive limit: the engine holds for the user (promote or abort).
     */
    INCONCLUSIVE,
    /** A check exceeded its consecutive-error limit: treated like {@link #FAILED}. */
    ERROR,
    /** A check exceeded its failure limit. */
    FAILED;

    /** Whether no more measurements are taken: successful, inconclusive, error or failed. */
    public boolean finished() {
        return this == SUCCESSFUL || this == INCONCLUSIVE || this == ERROR || this == FAILED;
    }

    /** Whether the analysis says the candidate is bad: {@link #FAILED} or {@link #ERROR}. */
    public boolean failed() {
        return this == FAILED || this == ERROR;
    }

    /** Whether the checks still run: {@link #PENDING} or {@link #RUNNING}. */
    public boolean unfinished() {
        return this == PENDING || this == RUNNING;
    }

    /** The worse of this phase and {@code other}, in declaration order ({@link #NONE} least). */
    public AnalysisPhase worse(AnalysisPhase other) {
        return other.ordinal() > ordinal() ? other : this;
    }
}
