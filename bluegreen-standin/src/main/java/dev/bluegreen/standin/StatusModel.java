package dev.bluegreen.standin;

import dev.bluegreen.standin.flink.JobObservation;

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
        // upstream: still the first deployment until a later reconciliation starts an upgrade
        firstDeployment = !deployedBefore() || (firstDeployment && "DEPLOYED".equals(state));
        lastReconciledSpec = reconciledSpec(spec, apiVersion, running, firstDeployment);
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

    /** Upstream's {@code {"spec": ..., "resource_metadata": ...}} text of a reconciled spec. */
    private static String reconciledSpec(
            JsonNode spec, String apiVersion, boolean running, boolean firstDeployment) {
        ObjectNode copy = spec.deepCopy();
        ((ObjectNode) copy.path("job")).put("state", running ? "running" : "suspended");
        ObjectNode wrapper = JSON.createObjectNode();
        wrapper.set("spec", copy);
        ObjectNode meta = wrapper.putObject("resource_metadata");
        meta.put("apiVersion", apiVersion);
        meta.put("firstDeployment", firstDeployment);
        return wrapper.toString();
    }

    /** Records the job as observed at {@code nowMillis}; a failure is kept as the error. */
    void observed(JobObservation seen, long nowMillis) {
        if (!seen.state().equals(jobState)) {
            updateTime = Long.toString(nowMillis);
        }
        jobState = seen.state();
        jobName = seen.jobName();
        startTime = Long.toString(seen.startTimeMillis());
        if ("FAILED".equals(seen.state()) && error == null && seen.failure() != null) {
            error = errorJson(seen.failureType(), seen.failure());
        }
    }

    /** Records the savepoint {@code path} an upgrade stopped the job with at {@code nowMillis}. */
    void upgradeSavepoint(String path, long nowMillis) {
        upgradeSavepointPath = path;
        lastSavepoint =
                Map.of(
                        "timeStamp",
                        nowMillis,
                        "location",
                        path,
                        "triggerType",
                        "UPGRADE",
                        "formatType",
                        "CANONICAL");
    }

    /** Records a periodic checkpoint completed at {@code timeMillis}. */
    void periodicCheckpoint(long timeMillis) {
        lastCheckpoint =
                Map.of("timeStamp", timeMillis, "triggerType", "PERIODIC", "formatType", "FULL");
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
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("jobStatus", jobStatus());
        put(status, "error", error);
        put(status, "observedGeneration", observedGeneration);
        status.put("lifecycleState", lifecycleState());
        put(status, "jobManagerDeploymentStatus", jobManagerStatus);
        status.put("reconciliationStatus", reconciliationStatus());
        return status;
    }

    private Map<String, Object> jobStatus() {
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
        return job;
    }

    private Map<String, Object> reconciliationStatus() {
        Map<String, Object> reconciliation = new LinkedHashMap<>();
        reconciliation.put("reconciliationTimestamp", reconciliationTimestamp);
        put(reconciliation, "lastReconciledSpec", lastReconciledSpec);
        put(reconciliation, "lastStableSpec", lastStableSpec);
        reconciliation.put("state", reconciliationState);
        return reconciliation;
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

    /** The message of {@code e}, followed by its root cause's when that is another exception. */
    static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " caused by " + root;
    }
}
