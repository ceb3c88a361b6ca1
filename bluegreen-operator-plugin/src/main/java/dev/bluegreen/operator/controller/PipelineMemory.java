package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.IngressCheck;
import dev.bluegreen.operator.internal.apply.LiveTraffic;
import dev.bluegreen.operator.internal.pipeline.BacklogWindow;
import dev.bluegreen.operator.internal.pipeline.Memory;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.status.AnalysisEvents;
import dev.bluegreen.operator.internal.status.StatusUpdate;
import dev.bluegreen.operator.internal.validate.SpecValidator;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.time.Instant;
import java.util.function.Function;

/**
 * The pipeline's {@link Memory} over the controller's {@link ParentMemory}, through its views
 * {@link StatusWrites}, {@link RestingParents}, {@link BacklogWindows} and the meters. One per
 * reconcile (it holds the reconcile's client); the memories are shared and thread-safe.
 */
final class PipelineMemory implements Memory {
    /** The resting inputs, as the pipeline carries them. */
    private record Taken(RestingParents.Inputs inputs) implements Memory.Inputs {}

    private final BlueGreenReconciler.Memories memories;
    private final KubernetesClient client;

    PipelineMemory(BlueGreenReconciler.Memories memories, KubernetesClient client) {
        this.memories = memories;
        this.client = client;
    }

    @Override
    public FlinkBlueGreenDeployment current(FlinkBlueGreenDeployment cached) {
        return memories.statusWrites().current(cached, client);
    }

    @Override
    public void observed(FlinkBlueGreenDeployment parent) {
        var meta = parent.getMetadata();
        var status = parent.getStatus();
        memories.metrics()
                .observed(
                        meta.getNamespace(),
                        meta.getName(),
                        status == null ? null : status.getState());
    }

    @Override
    public boolean restsUnchanged(
            FlinkBlueGreenDeployment parent,
            Function<String, GenericKubernetesResource> children,
            LiveTraffic traffic,
            SpecValidator validator) {
        if (memories.resting().unchanged(parent, children, traffic, validator)) {
            return true;
        }
        memories.resting().forget(parent);
        return false;
    }

    @Override
    public Inputs inputs(
            FlinkBlueGreenDeployment parent,
            Function<String, GenericKubernetesResource> children,
            LiveTraffic traffic,
            SpecValidator validator) {
        return new Taken(RestingParents.inputs(parent, children, traffic, validator));
    }

    @Override
    public void decided(
            FlinkBlueGreenDeployment parent,
            Inputs inputs,
            Applied applied,
            Decision decision,
            boolean gated,
            boolean wroteStatus) {
        memories.resting()
                .decided(
                        parent,
                        ((Taken) inputs).inputs(),
                        applied,
                        RestingParents.rests(decision, gated, wroteStatus));
    }

    @Override
    public void wroteStatus(FlinkBlueGreenDeployment parent) {
        memories.statusWrites().wrote(parent);
    }

    @Override
    public void reported(FlinkBlueGreenDeployment parent, StatusUpdate update, Instant now) {
        if (memories.dashboard() != null) {
            memories.dashboard().wrote(parent, update.status(), update.events(), now);
        }
    }

    @Override
    public void persisted(FlinkBlueGreenDeployment parent, Decision decision, Instant now) {
        var meta = parent.getMetadata();
        memories.metrics()
                .persisted(
                        meta.getNamespace(),
                        meta.getName(),
                        decision.record(),
                        decision.plan(),
                        now);
    }

    @Override
    public void analysisEnded(FlinkBlueGreenDeployment parent, AnalysisStatus analysis) {
        if (analysis == null) {
            return;
        }
        var before = parent.getStatus() == null ? null : parent.getStatus().getAnalysis();
        for (AnalysisEvents.Ended ended : AnalysisEvents.ended(before, analysis)) {
            memories.analysisMetrics().ended(ended.stage(), ended.phase());
        }
    }

    @Override
    public BacklogWindow backlogWindow(FlinkBlueGreenDeployment parent) {
        String key = ParentMemory.key(parent);
        return (jobId, now, read, window) ->
                memories.backlogWindows().add(key, jobId, now, read, window);
    }

    @Override
    public IngressCheck ingressCheck(FlinkBlueGreenDeployment parent) {
        return memories.memory().of(parent).ingressCheck;
    }
}
