package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.kubernetes.api.model.Condition;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The observed state of a {@link FlinkBlueGreenDeployment}. Written only by the controller, with
 * optimistic locking; computed by {@code dev.bluegreen.operator.internal.status.StatusMapper}.
 * Mutable (a Kubernetes status POJO), not thread-safe; equal by value, so that the controller can
 * skip no-op status writes.
 *
 * <p>Read leniently (unknown fields ignored, {@code transitionMode} kept as written), so that a
 * status written by another version of the controller, or by hand, never stops the informer; {@code
 * dev.bluegreen.operator.internal.status.UnreadableStatus} tells whether the controller can act on
 * it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class FlinkBlueGreenDeploymentStatus {
    private String state;
    private Long observedGeneration;
    private List<Condition> conditions = new ArrayList<>();
    private String activeColor;
    private String activeChild;
    private String adoptedChild;
    private JobStatusSummary jobStatus;
    private String error;
    private String lastStableSpec;
    private String targetSpec;

    @SchemaFrom(type = TransitionMode.class)
    @JsonProperty("transitionMode")
    private String transitionMode;

    private TransitionStatus transition;
    private AnalysisStatus analysis;
    private HandbackStatus handback;

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

    /**
     * The name of the adopted FlinkDeployment ({@code spec.adoptDeployment}) while it is the blue
     * child, or {@code null}: blue is then {@code <name>-blue}. Cleared once the adopted deployment
     * is retired, so later blue children have the derived name.
     */
    public String getAdoptedChild() {
        return adoptedChild;
    }

    public void setAdoptedChild(String adoptedChild) {
        this.adoptedChild = adoptedChild;
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

    /**
     * The JSON of the spec the in-flight change rolls out ({@code transition.targetSpecRef}), or
     * {@code null} when no change is in flight. Written when a change starts and cleared when it
     * ends, so that a restarted controller can still write the target after the user changed the
     * spec again.
     */
    public String getTargetSpec() {
        return targetSpec;
    }

    public void setTargetSpec(String targetSpec) {
        this.targetSpec = targetSpec;
    }

    /**
     * The transition mode of the first deployment, or {@code null} before it; the mode cannot
     * change afterwards; also {@code null} when the text names no mode (see {@link
     * #getTransitionModeText()}).
     */
    @JsonIgnore
    public TransitionMode getTransitionMode() {
        return TransitionMode.known(transitionMode);
    }

    @JsonIgnore
    public void setTransitionMode(TransitionMode transitionMode) {
        this.transitionMode = transitionMode == null ? null : transitionMode.name();
    }

    /** {@code transitionMode} as written, possibly naming no {@link TransitionMode}; or null. */
    @JsonIgnore
    public String getTransitionModeText() {
        return transitionMode;
    }

    @JsonIgnore
    public void setTransitionModeText(String transitionMode) {
        this.transitionMode = transitionMode;
    }

    /** The persisted transition record, so that a restarted controller resumes; or {@code null}. */
    public TransitionStatus getTransition() {
        return transition;
    }

    public void setTransition(TransitionStatus transition) {
        this.transition = transition;
    }

    /** What the analysis checks measured in the current or last transition; or {@code null}. */
    public AnalysisStatus getAnalysis() {
        return analysis;
    }

    public void setAnalysis(AnalysisStatus analysis) {
        this.analysis = analysis;
    }

    /** The newest cold hand-back (ADVANCED mode), or {@code null}. */
    public HandbackStatus getHandback() {
        return handback;
    }

    public void setHandback(HandbackStatus handback) {
        this.handback = handback;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlinkBlueGreenDeploymentStatus s
                && Objects.equals(state, s.state)
                && Objects.equals(observedGeneration, s.observedGeneration)
                && Objects.equals(conditions, s.conditions)
                && Objects.equals(activeColor, s.activeColor)
                && Objects.equals(activeChild, s.activeChild)
                && Objects.equals(adoptedChild, s.adoptedChild)
                && Objects.equals(jobStatus, s.jobStatus)
                && Objects.equals(error, s.error)
                && Objects.equals(lastStableSpec, s.lastStableSpec)
                && Objects.equals(targetSpec, s.targetSpec)
                && Objects.equals(transitionMode, s.transitionMode)
                && Objects.equals(transition, s.transition)
                && Objects.equals(analysis, s.analysis)
                && Objects.equals(handback, s.handback);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                state,
                observedGeneration,
                conditions,
                activeColor,
                activeChild,
                adoptedChild,
                jobStatus,
                error,
                lastStableSpec,
                targetSpec,
                transitionMode,
                transition,
                analysis,
                handback);
    }

    @Override
    public String toString() {
        return "FlinkBlueGreenDeploymentStatus{state="
                + state
                + ", observedGeneration="
                + observedGeneration
                + ", activeColor="
                + activeColor
                + ", error="
                + error
                + ", transition="
                + transition
                + "}";
    }
}
