package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.gate.channel.GateControl;
import dev.bluegreen.operator.internal.analysis.CheckRunner;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.handover.GateView;
import dev.bluegreen.operator.internal.pipeline.decide.Readings;
import dev.bluegreen.operator.internal.spec.Capacity;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.time.Instant;
import java.util.function.Function;

/**
 * The reads of the observe stage that cost a request ({@code StateReads.Cost.REQUEST}); which of
 * them a reconcile makes is {@code StateReads}. {@link LiveReaders} reads the cluster and the
 * children's REST APIs; tests count the calls.
 */
public interface Readers {
    /** An open gate channel and what it said. */
    record Gate(GateControl control, GateView view) {}

    /** The FlinkDeployment a pending adoption names (one GET), or {@code null}. */
    GenericKubernetesResource adoptionCandidate(FlinkBlueGreenDeployment parent);

    /**
     * Opens the parent's gate channel and reads it (ADVANCED mode).
     *
     * @param children the cached child by object name
     */
    Gate gate(
            FlinkBlueGreenDeployment parent,
            BlueGreenSettings settings,
            Function<String, GenericKubernetesResource> children);

    /**
     * The children's REST readings for the readiness checks, or {@code null} when the transition
     * does not wait for readiness.
     */
    Readings readiness(
            FlinkBlueGreenDeployment parent,
            Function<String, GenericKubernetesResource> children,
            TransitionRecord record,
            ChildObservation blue,
            ChildObservation green,
            BlueGreenSettings settings,
            BacklogWindow window,
            Instant now);

    /** The ResourceQuota headroom of {@code namespace} (one LIST). */
    Capacity.Headroom quota(String namespace);

    /**
     * What takes the analysis checks' measurements of {@code parent} ({@code
     * StateReads.Read.ANALYSIS}); each measurement is one provider call. Asked only when a check is
     * due.
     *
     * @param children the cached child by object name
     */
    CheckRunner checks(
            FlinkBlueGreenDeployment parent, Function<String, GenericKubernetesResource> children);
}
