package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.core.Color;
import dev.bluegreen.operator.internal.handover.GateView;
import dev.bluegreen.operator.internal.spec.Capacity;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.util.Objects;

/**
 * Everything one reconcile of a parent saw, read before anything is decided: the one input of
 * {@link Decide} besides the settings and the time. What is read, and in which states, is {@link
 * StateReads}. Immutable, and a plain value: it serializes to JSON and back (the recorded
 * observations of the decision table tests).
 *
 * @param parent the parent as reconciled (spec, annotations, status)
 * @param blue the blue child FlinkDeployment from the informer cache, or {@code null}
 * @param green the green child FlinkDeployment from the informer cache, or {@code null}
 * @param snapshot the hand-over FlinkStateSnapshot the persisted record names, or {@code null}
 *     (none named, or none cached)
 * @param adoptionCandidate while an adoption is pending: the FlinkDeployment it names, as read
 *     live, or {@code null} (not pending, or not found)
 * @param gate ADVANCED mode: what the gate channel and the children's REST APIs said; {@code null}
 *     in BASIC mode
 * @param readiness the children's REST readings while a transition waits for readiness, or {@code
 *     null} when none were read
 * @param quota the namespace's ResourceQuota headroom, read only when the plan starts a child that
 *     does not exist yet; {@code null} when not read
 * @param analysis {@code status.analysis} after this reconcile's measurements (the analyze stage),
 *     or {@code null} when no analysis stage runs (then the status keeps what it had)
 */
public record ParentObservation(
        FlinkBlueGreenDeployment parent,
        GenericKubernetesResource blue,
        GenericKubernetesResource green,
        GenericKubernetesResource snapshot,
        GenericKubernetesResource adoptionCandidate,
        GateView gate,
        Readings readiness,
        Capacity.Headroom quota,
        AnalysisStatus analysis) {

    public ParentObservation {
        Objects.requireNonNull(parent, "parent == null");
    }

    /** An observation of {@code parent} alone. */
    public static ParentObservation of(FlinkBlueGreenDeployment parent) {
        return new ParentObservation(parent, null, null, null, null, null, null, null, null);
    }

    /** The cached child of {@code color}, or {@code null}. */
    public GenericKubernetesResource child(Color color) {
        return color == Color.BLUE ? blue : green;
    }

    /** This observation with the quota headroom {@code value}. */
    public ParentObservation withQuota(Capacity.Headroom value) {
        return new ParentObservation(
                parent, blue, green, snapshot, adoptionCandidate, gate, readiness, value, analysis);
    }

    /** This observation with the analysis runs {@code value}. */
    public ParentObservation withAnalysis(AnalysisStatus value) {
        return new ParentObservation(
                parent, blue, green, snapshot, adoptionCandidate, gate, readiness, quota, value);
    }
}
