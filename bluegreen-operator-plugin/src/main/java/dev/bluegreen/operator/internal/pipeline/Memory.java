package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.IngressCheck;
import dev.bluegreen.operator.internal.apply.LiveTraffic;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.status.StatusUpdate;
import dev.bluegreen.operator.internal.validate.SpecValidator;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.time.Instant;
import java.util.function.Function;

/**
 * What the controller keeps about one parent between reconciles, as the pipeline's stages use it:
 * its own last status write, whether the parent rested on unchanged inputs, the backlog window, the
 * meters and what the last convergence of its Ingress found. Implemented by the controller;
 * thread-safe (JOSDK never reconciles one parent concurrently).
 */
public interface Memory {
    /** What a decision was made from, for the resting shortcut (opaque to the pipeline). */
    interface Inputs {}

    /**
     * {@code cached}, unless it is older than the controller's last status write: then the live
     * parent (one GET), or {@code null} when it is gone.
     */
    FlinkBlueGreenDeployment current(FlinkBlueGreenDeployment cached);

    /** Records that {@code parent} was reconciled in its persisted state (the state gauge). */
    void observed(FlinkBlueGreenDeployment parent);

    /**
     * Whether {@code parent} rested at its last reconcile and nothing it was decided on changed;
     * when something did, the parent no longer counts as resting.
     *
     * @param children the cached child by object name, or {@code null}
     * @param traffic the cached traffic objects
     */
    boolean restsUnchanged(
            FlinkBlueGreenDeployment parent,
            Function<String, GenericKubernetesResource> children,
            LiveTraffic traffic,
            SpecValidator validator);

    /**
     * The inputs a reconcile of {@code parent} decides on, taken before it decides.
     *
     * @param children the cached child by object name, or {@code null}
     * @param traffic the cached traffic objects
     */
    Inputs inputs(
            FlinkBlueGreenDeployment parent,
            Function<String, GenericKubernetesResource> children,
            LiveTraffic traffic,
            SpecValidator validator);

    /**
     * Records the outcome of a decided and carried-out reconcile of {@code parent}: it rests when
     * nothing is in flight, nothing was done or written, and nothing waits for time.
     *
     * @param applied what the carried-out plan wrote (the versions of our own writes rest too)
     * @param gated whether the gate channel was read (ADVANCED mode never rests)
     * @param wroteStatus whether the status was written
     */
    void decided(
            FlinkBlueGreenDeployment parent,
            Inputs inputs,
            Applied applied,
            Decision decision,
            boolean gated,
            boolean wroteStatus);

    /** Records that a status write based on {@code parent} succeeded. */
    void wroteStatus(FlinkBlueGreenDeployment parent);

    /**
     * Records that {@code update} was written over {@code parent}'s status and its events emitted,
     * for the dashboard's history; nothing by default.
     */
    default void reported(FlinkBlueGreenDeployment parent, StatusUpdate update, Instant now) {}

    /** Records a decision whose status was written (transitions, phases, state). */
    void persisted(FlinkBlueGreenDeployment parent, Decision decision, Instant now);

    /**
     * Counts the analysis runs that {@code analysis}, just written over {@code parent}'s status,
     * ended (none when it is {@code null} or shows the runs as they were).
     */
    void analysisEnded(FlinkBlueGreenDeployment parent, AnalysisStatus analysis);

    /** The backlog window of {@code parent}. */
    BacklogWindow backlogWindow(FlinkBlueGreenDeployment parent);

    /** What the last convergence of {@code parent}'s Ingress found. */
    IngressCheck ingressCheck(FlinkBlueGreenDeployment parent);
}
