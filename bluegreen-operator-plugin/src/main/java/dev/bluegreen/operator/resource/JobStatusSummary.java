package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.Objects;

/** The active child's job, as shown in {@code status.jobStatus}. Mutable; equal by value. */
@JsonIgnoreProperties(ignoreUnknown = true)
public class JobStatusSummary {
    private String state;
    private String jobId;

    /**
     * The job state of the serving child (RUNNING, FAILING, SUSPENDED, RECONCILING...), or null.
     */
    public String getState() {
        return state;
    }

    public void setState(String state) {
        this.state = state;
    }

    /** The job id of the serving child's current run, or {@code null}. */
    public String getJobId() {
        return jobId;
    }

    public void setJobId(String jobId) {
        this.jobId = jobId;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JobStatusSummary j
                && Objects.equals(state, j.state)
                && Objects.equals(jobId, j.jobId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(state, jobId);
    }

    @Override
    public String toString() {
        return "JobStatusSummary{state=" + state + ", jobId=" + jobId + "}";
    }
}
