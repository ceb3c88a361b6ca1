package dev.bluegreen.core.analysis;

/**
 * The outcome of one measurement, from the check's conditions (Argo Rollouts' rules, as its code
 * implements them): no condition, or a false failure condition with no success condition, is {@link
 * #SUCCESSFUL}; a true failure condition is {@link #FAILED} even when the success condition is true
 * too; only a success condition that is false is {@link #FAILED}; both conditions set and neither
 * true is {@link #INCONCLUSIVE}; a provider error, a timeout or a condition that cannot be
 * evaluated is {@link #ERROR}.
 */
public enum MeasurementPhase {
    SUCCESSFUL,
    FAILED,
    INCONCLUSIVE,
    ERROR
}
