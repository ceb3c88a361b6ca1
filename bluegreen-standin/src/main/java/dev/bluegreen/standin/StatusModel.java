package dev.bluegreen.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The stand-in's record of one FlinkDeployment's status, written as upstream's {@code
 * FlinkDeploymentStatus} shape by {@link #toMap()}. Mutable; used by one worker thread only.
 */
final class StatusModel {
    private static final ObjectMapper JSON = new ObjectMapper();

    String jobName;
    String jobId;
    String jobState;
    String startTime;
    String updateTime;
    String upgradeSavepointPath;
    Map<String, Object> lastSavepoint;
    Map<String, Object> lastCheckpoint;
    String error;
    Long observedGeneration;
    String jobManagerStatus;
    long reconciliationTimestamp;
    String lastReconciledSpec;
    boolean reconciledSuspended;
    String lastStableSpec;
    String reconciliationState = "UPGRADING";
    private boolean firstDeployment;

    /** Whether a spec was ever reconciled (upstream: not before the first deployment). */
    boolean deployedBefore() {
        return lastReconciledSpec != null;
    }

    /**
     * Records {@code spec} as reconciled, with {@code job.state} replaced by {@code jobState}
     * (upstream records {@code suspended} before a deployment attempt), in upstream's {@code
     * {"spec": ..., "resource_metadata": ...}} form.
     */
    void reconcile(
            JsonNode spec,
            String apiVersion,
            long generation,
            boolean running,
            String state,
            long nowMillis) {
        ObjectNode copy = spec.deepCopy();
        ((ObjectNode) copy.path("job")).put("state", running ? "running" : "suspended");
        ObjectNode wrapper = JSON.createObjectNode();
        wrapper.set("spec", copy);
        // upstream: still the first deployment until a later reconciliation starts an upgrade
        firstDeployment = !deployedBefore() || (firstDeployment && "DEPLOYED".equals(state));
        ObjectNode meta = wrapper.putObject("resource_metadata");
        meta.put("apiVersion", apiVersion);
        meta.put("firstDeployment", firstDeployment);
        lastReconciledSpec = wrapper.toString();
        reconciledSuspended = !running;
        reconciliationState = state;
        reconciliationTimestamp = nowMillis;
        observedGeneration = generation;
        error = null;
        if (!running && "DEPLOYED".equals(state)) {
            // upstream marks a spec suspended by the user stable right away
            lastStableSpec = lastReconciledSpec;
        }
    }

    /** Upstream's stable-spec rule after each observation. */
    void markStableIfRunning() {
        if ("DEPLOYED".equals(reconciliationState)
                && ("RUNNING".equals(jobState)
                        || (!reconciledSuspended && "FINISHED".equals(jobState)))) {
            lastStableSpec = lastReconciledSpec;
        }
    }

    /** The lifecycle state upstream would report for this status. */
    String lifecycleState() {
        return Lifecycles.of(
                lastReconciledSpec,
                reconciledSuspended,
                lastStableSpec,
                reconciliationState,
                jobState,
                jobManagerStatus,
                error);
    }

    /** The status object as written to the API server. */
    Map<String, Object> toMap() {
        Map<String, Object> job = new LinkedHashMap<>();
        put(job, "jobName", jobName);
        put(job, "jobId", jobId);
        put(job, "state", jobState);
        put(job, "startTime", startTime);
        put(job, "updateTime", updateTime);
        put(job, "upgradeSavepointPath", upgradeSavepointPath);
        Map<String, Object> savepointInfo = new LinkedHashMap<>();
        put(savepointInfo, "lastSavepoint", lastSavepoint);
        job.put("savepointInfo", savepointInfo);
        Map<String, Object> checkpointInfo = new LinkedHashMap<>();
        put(checkpointInfo, "lastCheckpoint", lastCheckpoint);
        job.put("checkpointInfo", checkpointInfo);

        Map<String, Object> reconciliation = new LinkedHashMap<>();
        reconciliation.put("reconciliationTimestamp", reconciliationTimestamp);
        put(reconciliation, "lastReconciledSpec", lastReconciledSpec);
        put(reconciliation, "lastStableSpec", lastStableSpec);
        reconciliation.put("state", reconciliationState);

        Map<String, Object> status = new LinkedHashMap<>();
        status.put("jobStatus", job);
        put(status, "error", error);
        put(status, "observedGeneration", observedGeneration);
        status.put("lifecycleState", lifecycleState());
        put(status, "jobManagerDeploymentStatus", jobManagerStatus);
        status.put("reconciliationStatus", reconciliation);
        return status;
    }

    /** Upstream's error format: a JSON object with the exception type and message. */
    static String errorJson(String type, String message) {
        ObjectNode error = JSON.createObjectNode();
        error.put("type", type);
        error.put("message", message);
        return error.toString();
    }

    private static void put(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }
}
