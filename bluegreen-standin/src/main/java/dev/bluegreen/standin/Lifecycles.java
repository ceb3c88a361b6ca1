package dev.bluegreen.standin;

/**
 * The lifecycle state the upstream operator derives from a FlinkDeployment status (it computes
 * {@code status.lifecycleState} on serialization from the fields below, in this order of
 * precedence; see docs/standin.md for the source it was checked against). Pure and stateless.
 */
final class Lifecycles {
    /** Errors after which upstream reports FAILED although the job state is not FAILED. */
    private static final String[] TERMINAL_ERRORS = {
        "Manual restore required.",
        "It is possible that the job has finished or terminally failed, or the configmaps have"
                + " been deleted.",
        "HA metadata is not available"
    };

    private Lifecycles() {}

    /**
     * The lifecycle state.
     *
     * @param lastReconciledSpec {@code reconciliationStatus.lastReconciledSpec}, or null
     * @param reconciledSuspended the job state inside the last reconciled spec is suspended
     * @param lastStableSpec {@code reconciliationStatus.lastStableSpec}, or null
     * @param reconciliationState {@code reconciliationStatus.state}
     * @param jobState {@code jobStatus.state}, or null
     * @param jobManagerStatus {@code jobManagerDeploymentStatus}, or null
     * @param error {@code error}, or null
     */
    static String of(
            String lastReconciledSpec,
            boolean reconciledSuspended,
            String lastStableSpec,
            String reconciliationState,
            String jobState,
            String jobManagerStatus,
            String error) {
        if (lastReconciledSpec == null) {
            return error == null || error.isEmpty() ? "CREATED" : "FAILED";
        }
        if ("UPGRADING".equals(reconciliationState) || "ROLLING_BACK".equals(reconciliationState)) {
            return reconciliationState;
        }
        if (reconciledSuspended) {
            return "SUSPENDED";
        }
        if ("FAILED".equals(jobState) || terminalJobManagerError(jobManagerStatus, error)) {
            return "FAILED";
        }
        if ("ROLLED_BACK".equals(reconciliationState)) {
            return "ROLLED_BACK";
        }
        return lastReconciledSpec.equals(lastStableSpec) ? "STABLE" : "DEPLOYED";
    }

    private static boolean terminalJobManagerError(String jobManagerStatus, String error) {
        if (error == null
                || !("MISSING".equals(jobManagerStatus) || "ERROR".equals(jobManagerStatus))) {
            return false;
        }
        for (String message : TERMINAL_ERRORS) {
            if (error.contains(message)) {
                return true;
            }
        }
        return false;
    }
}
