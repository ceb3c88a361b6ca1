package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.LiveTraffic;
import dev.bluegreen.operator.internal.pipeline.Sources;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.event.ResourceID;

/**
 * The pipeline's {@link Sources} over the reconcile's JOSDK informers ({@link EventSources}): the
 * children as {@link DeletedChildren} lets them be seen, the snapshots, the parent's traffic
 * objects ({@link TrafficObjects}); and the writes fed back into those caches. One per reconcile.
 */
final class InformerSources implements Sources {
    private final Context<FlinkBlueGreenDeployment> context;
    private final FlinkBlueGreenDeployment parent;
    private final DeletedChildren deleted;
    private final TrafficObjects traffic;

    InformerSources(
            Context<FlinkBlueGreenDeployment> context,
            FlinkBlueGreenDeployment parent,
            DeletedChildren deleted,
            TrafficObjects traffic) {
        this.context = context;
        this.parent = parent;
        this.deleted = deleted;
        this.traffic = traffic;
    }

    @Override
    public GenericKubernetesResource child(String name) {
        var cached = EventSources.cached(context, EventSources.CHILDREN, parent, name);
        return deleted.visible(parent, name, cached).orElse(null);
    }

    @Override
    public GenericKubernetesResource snapshot(String name) {
        return EventSources.cached(context, EventSources.SNAPSHOTS, parent, name).orElse(null);
    }

    @Override
    public LiveTraffic traffic() {
        return traffic.live(context, parent);
    }

    @Override
    public boolean httpRoutesInstalled() {
        return traffic.installed();
    }

    @Override
    public void wrote(Applied applied) {
        var children = EventSources.informer(context, EventSources.CHILDREN);
        for (var child : applied.children()) {
            children.handleRecentResourceCreate(ResourceID.fromResource(child), child);
        }
        var snapshots = EventSources.informer(context, EventSources.SNAPSHOTS);
        for (var snapshot : applied.snapshots()) {
            snapshots.handleRecentResourceCreate(ResourceID.fromResource(snapshot), snapshot);
        }
        traffic.cache(context, applied);
        for (String name : applied.deletedChildren()) {
            EventSources.cached(context, EventSources.CHILDREN, parent, name)
                    .ifPresent(child -> deleted.deleted(parent, child));
        }
    }

    @Override
    public void adopted(GenericKubernetesResource child) {
        EventSources.informer(context, EventSources.CHILDREN)
                .handleRecentResourceCreate(ResourceID.fromResource(child), child);
    }
}
