package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Objects;

/**
 * The persisted transition record ({@code status.transition}): the engine's {@code
 * TransitionRecord} as plain strings and numbers, so that a restarted controller resumes where it
 * stopped. Written and read only through {@code
 * dev.bluegreen.operator.internal.status.RecordCodec}; users should not edit it. Instants are
 * ISO-8601 strings ({@code 2026-11-30T11:24:59.123Z}), enums their constant names, absent values
 * {@code null}. Mutable (a Kubernetes status POJO), not thread-safe; equal by value.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public class TransitionStatus {
    private String state;
    private Long transitionNumber;
    private String stableSpecRef;
    private String targetSpecRef;
    private String failedSpecRef;
    private String trafficColor;
    private String outputOwner;
    private String savepointSnapshot;
    private String savepointJobId;
    private String savepointPath;
    private String phaseStartedAt;
    private String deadline;
    private String readySince;
    private String trafficSwitchedAt;
    private String handledPromote;
    private String handledAbort;
    private String restore;
    private String restorePath;

    /** The engine state, e.g. {@code TRANSITIONING_TO_GREEN}. */
    public String getState() {
        return state;
    }

    public void setState(String state) {
        this.state = state;
    }

    /** The number of started transitions and in-place changes. */
    public Long getTransitionNumber() {
        return transitionNumber;
    }

    public void setTransitionNumber(Long transitionNumber) {
        this.transitionNumber = transitionNumber;
    }

    /** The ref of the spec that last ran healthy, or {@code null}. */
    public String getStableSpecRef() {
        return stableSpecRef;
    }

    public void setStableSpecRef(String stableSpecRef) {
        this.stableSpecRef = stableSpecRef;
    }

    /** The ref of the spec being rolled out, or {@code null}. */
    public String getTargetSpecRef() {
        return targetSpecRef;
    }

    public void setTargetSpecRef(String targetSpecRef) {
        this.targetSpecRef = targetSpecRef;
    }

    /** The ref of the last spec whose rollout failed, or {@code null}. */
    public String getFailedSpecRef() {
        return failedSpecRef;
    }

    public void setFailedSpecRef(String failedSpecRef) {
        this.failedSpecRef = failedSpecRef;
    }

    /** The colour the parent ingress points at, {@code BLUE} or {@code GREEN}, or {@code null}. */
    public String getTrafficColor() {
        return trafficColor;
    }

    public void setTrafficColor(String trafficColor) {
        this.trafficColor = trafficColor;
    }

    /**
     * ADVANCED mode: the colour the controller wants to own the tail of the output (the gate's
     * cutover target), {@code BLUE} or {@code GREEN}; {@code null} in BASIC mode.
     */
    public String getOutputOwner() {
        return outputOwner;
    }

    public void setOutputOwner(String outputOwner) {
        this.outputOwner = outputOwner;
    }

    /** The hand-over savepoint's snapshot token of the in-flight transition, or {@code null}. */
    public String getSavepointSnapshot() {
        return savepointSnapshot;
    }

    public void setSavepointSnapshot(String savepointSnapshot) {
        this.savepointSnapshot = savepointSnapshot;
    }

    /** The job run the hand-over savepoint was taken from, or {@code null}. */
    public String getSavepointJobId() {
        return savepointJobId;
    }

    public void setSavepointJobId(String savepointJobId) {
        this.savepointJobId = savepointJobId;
    }

    /** The completed hand-over savepoint's path, or {@code null}. */
    public String getSavepointPath() {
        return savepointPath;
    }

    public void setSavepointPath(String savepointPath) {
        this.savepointPath = savepointPath;
    }

    /** When the current state was entered (ISO-8601), or {@code null}. */
    public String getPhaseStartedAt() {
        return phaseStartedAt;
    }

    public void setPhaseStartedAt(String phaseStartedAt) {
        this.phaseStartedAt = phaseStartedAt;
    }

    /** When the current phase times out (ISO-8601), or {@code null}. */
    public String getDeadline() {
        return deadline;
    }

    public void setDeadline(String deadline) {
        this.deadline = deadline;
    }

    /** When the incoming child was first seen ready (ISO-8601), or {@code null}. */
    public String getReadySince() {
        return readySince;
    }

    public void setReadySince(String readySince) {
        this.readySince = readySince;
    }

    /** When traffic moved to the incoming child (ISO-8601), or {@code null}. */
    public String getTrafficSwitchedAt() {
        return trafficSwitchedAt;
    }

    public void setTrafficSwitchedAt(String trafficSwitchedAt) {
        this.trafficSwitchedAt = trafficSwitchedAt;
    }

    /** The last promote token acted on, or {@code null}. */
    public String getHandledPromote() {
        return handledPromote;
    }

    public void setHandledPromote(String handledPromote) {
        this.handledPromote = handledPromote;
    }

    /** The last abort token acted on, or {@code null}. */
    public String getHandledAbort() {
        return handledAbort;
    }

    public void setHandledAbort(String handledAbort) {
        this.handledAbort = handledAbort;
    }

    /** Where the incoming child restores from: {@code EMPTY}, {@code PATH}, {@code SPEC_...}. */
    public String getRestore() {
        return restore;
    }

    public void setRestore(String restore) {
        this.restore = restore;
    }

    /** The restore path when {@code restore} is {@code PATH}, else {@code null}. */
    public String getRestorePath() {
        return restorePath;
    }

    public void setRestorePath(String restorePath) {
        this.restorePath = restorePath;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TransitionStatus t
                && Objects.equals(state, t.state)
                && Objects.equals(transitionNumber, t.transitionNumber)
                && Objects.equals(stableSpecRef, t.stableSpecRef)
                && Objects.equals(targetSpecRef, t.targetSpecRef)
                && Objects.equals(failedSpecRef, t.failedSpecRef)
                && Objects.equals(trafficColor, t.trafficColor)
                && Objects.equals(outputOwner, t.outputOwner)
                && Objects.equals(savepointSnapshot, t.savepointSnapshot)
                && Objects.equals(savepointJobId, t.savepointJobId)
                && Objects.equals(savepointPath, t.savepointPath)
                && Objects.equals(phaseStartedAt, t.phaseStartedAt)
                && Objects.equals(deadline, t.deadline)
                && Objects.equals(readySince, t.readySince)
                && Objects.equals(trafficSwitchedAt, t.trafficSwitchedAt)
                && Objects.equals(handledPromote, t.handledPromote)
                && Objects.equals(handledAbort, t.handledAbort)
                && Objects.equals(restore, t.restore)
                && Objects.equals(restorePath, t.restorePath);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                state,
                transitionNumber,
                stableSpecRef,
                targetSpecRef,
                failedSpecRef,
                trafficColor,
                outputOwner,
                savepointSnapshot,
                savepointJobId,
                savepointPath,
                phaseStartedAt,
                deadline,
                readySince,
                trafficSwitchedAt,
                handledPromote,
                handledAbort,
                restore,
                restorePath);
    }

    @Override
    public String toString() {
        return "TransitionStatus{state="
                + state
                + ", transitionNumber="
                + transitionNumber
                + ", stableSpecRef="
                + stableSpecRef
                + ", targetSpecRef="
                + targetSpecRef
                + ", deadline="
                + deadline
                + "}";
    }
}
