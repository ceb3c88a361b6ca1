package dev.bluegreen.core;

/**
 * Why the engine decided what it decided. Every {@link Plan} carries one. The plugin puts it into
 * status conditions, Kubernetes events ({@link #eventReason()}) and log lines.
 */
public enum Reason {
    // Resting
    STEADY("Steady", false),
    PARENT_UPDATED("ParentUpdated", false),
    INITIAL_DEPLOY_BLOCKED_SUSPENDED("InitialDeployBlocked", false),
    FAILED_SPEC_NOT_RETRIED("FailedSpecNotRetried", true),

    // First deployment
    INITIAL_DEPLOY("InitialDeploy", false),
    ADOPTION_WAITING("AdoptionWaiting", false),
    ADOPTED("Adopted", false),

    // Transition
    SAVEPOINT_REQUESTED("SavepointRequested", false),
    SAVEPOINT_PENDING("SavepointPending", false),
    SAVEPOINT_FAILED("SavepointFailed", true),
    SAVEPOINT_STALE("SavepointStale", true),
    TRANSITION_STARTED("TransitionStarted", false),
    TRANSITION_FROM_FAILING("TransitionFromFailing", true),
    TRANSITION_REFUSED_FAILING("TransitionRefused", true),
    SAVEPOINT_REDEPLOY_STARTED("SavepointRedeployStarted", false),
    SUPERSEDED("TransitionSuperseded", false),
    TRANSITION_WAITING("TransitionWaiting", false),
    WAITING_FOR_GENERATION("WaitingForGeneration", false),
    WAITING_FOR_READINESS("WaitingForReadiness", false),
    READINESS_FAILED("ReadinessPolicyFailed", true),
    SOAKING("Soaking", false),
    WAITING_FOR_ANALYSIS("WaitingForAnalysis", false),
    ANALYSIS_FAILED("UpgradeAborted", true),
    ANALYSIS_INCONCLUSIVE("AnalysisHolding", true),
    ANALYSIS_ROLLBACK("Rollback", true),
    TRAFFIC_SWITCHED("TrafficSwitched", false),
    WAITING_TO_RETIRE("WaitingToRetire", false),
    TRANSITION_COMPLETED("TransitionCompleted", false),
    FINALIZED_FORWARD("FinalizedForward", false),

    // ADVANCED mode (gated hand-over)
    WAITING_FOR_CUTOVER("WaitingForCutover", false),
    CUTOVER_COMMITTED("CutoverCommitted", false),
    WAITING_FOR_DRAIN("WaitingForDrain", false),

    // In place
    PATCH_STARTED("PatchStarted", false),
    PATCH_COMPLETED("PatchCompleted", false),
    SUSPEND_STARTED("SuspendStarted", false),
    SUSPENDED("Suspended", false),
    RESUME_STARTED("ResumeStarted", false),

    // Failures and recovery
    CHILD_RECREATED("ChildRecreated", true),
    CHILD_TERMINATING("ChildTerminating", false),
    LEFTOVER_DELETED("LeftoverDeleted", false),
    LEFTOVER_SUSPEND_STARTED("LeftoverSuspendStarted", false),
    WAITING_FOR_LEFTOVER("WaitingForLeftover", false),
    ACTIVE_CHILD_FAILING("JobFailing", true),
    ACTIVE_CHILD_RECOVERED("JobRecovered", false),
    DEADLINE_EXCEEDED_ROLLBACK("UpgradeAborted", true),
    DEADLINE_EXCEEDED_HOLD("UpgradeStalled", true),
    CHILD_FAILED_ROLLBACK("ChildFailed", true),
    CHILD_FAILED_HOLD("ChildFailedHolding", true),
    ROLLBACK("Rollback", true),

    // Manual commands
    ABORTED_BY_USER("UpgradeAborted", true),
    PROMOTED_BY_USER("Promoted", false),
    ABORT_IGNORED("AbortIgnored", false),
    PROMOTE_IGNORED("PromoteIgnored", false),
    PAUSED("Paused", false);

    private final String eventReason;
    private final boolean warning;

    Reason(String eventReason, boolean warning) {
        this.eventReason = eventReason;
        this.warning = warning;
    }

    /** The PascalCase reason for Kubernetes events and conditions, e.g. {@code UpgradeAborted}. */
    public String eventReason() {
        return eventReason;
    }

    /** Whether events with this reason are of type Warning (else Normal). */
    public boolean warning() {
        return warning;
    }

    /**
     * Whether the plan holds a failed phase for the user by design (timeout action HOLD): the
     * deadline passed, the operator rejected or failed the child, or an analysis check is
     * inconclusive. Nothing moves until the user changes the spec, promotes or aborts.
     */
    public boolean holdsForUser() {
        return this == DEADLINE_EXCEEDED_HOLD
                || this == CHILD_FAILED_HOLD
                || this == ANALYSIS_INCONCLUSIVE;
    }
}
