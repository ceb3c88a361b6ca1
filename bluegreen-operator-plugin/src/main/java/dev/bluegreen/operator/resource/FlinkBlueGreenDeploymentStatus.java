package dev.bluegreen.operator.resource;

import io.fabric8.kubernetes.api.model.Condition;

import java.util.ArrayList;
import java.util.List;

/**
 * The observed state of a {@link FlinkBlueGreenDeployment}. Written only by the controller, with
 * optimistic locking.
 */
public class FlinkBlueGreenDeploymentStatus {
    private String state;
    private Long observedGeneration;
    private List<Condition> conditions = new ArrayList<>();
    private String activeColor;
    private String activeChild;
    private JobStatusSummary jobStatus;
    private String error;
    private String lastStableSpec;

    /** The engine state, e.g. {@code ACTIVE_BLUE}. */
    public String getState() {
        return state;
    }

    public void setState(String state) {
        this.state = state;
    }

    /** The spec generation the controller last acted on. */
    public Long getObservedGeneration() {
        return observedGeneration;
    }

    public void setObservedGeneration(Long observedGeneration) {
        this.observedGeneration = observedGeneration;
    }

    /** Standard conditions: Ready, Progressing, Degraded, InvalidSpec. */
    public List<Condition> getConditions() {
        return conditions;
    }

    public void setConditions(List<Condition> conditions) {
        this.conditions = conditions;
    }

    /** The colour that serves traffic, {@code BLUE} or {@code GREEN}, or {@code null}. */
    public String getActiveColor() {
        return activeColor;
    }

    public void setActiveColor(String activeColor) {
        this.activeColor = activeColor;
    }

    /** The name of the serving child FlinkDeployment, or {@code null}. */
    public String getActiveChild() {
        return activeChild;
    }

    public void setActiveChild(String activeChild) {
        this.activeChild = activeChild;
    }

    /** The serving child's job. */
    public JobStatusSummary getJobStatus() {
        return jobStatus;
    }

    public void setJobStatus(JobStatusSummary jobStatus) {
        this.jobStatus = jobStatus;
    }

    /** The last error, or {@code null}. */
    public String getError() {
        return error;
    }

    public void setError(String error) {
        this.error = error;
    }

    /** The JSON of the spec that last ran healthy: the baseline of the diff and of rollbacks. */
    public String getLastStableSpec() {
        return lastStableSpec;
    }

    public void setLastStableSpec(String lastStableSpec) {
        this.lastStableSpec = lastStableSpec;
    }
}
