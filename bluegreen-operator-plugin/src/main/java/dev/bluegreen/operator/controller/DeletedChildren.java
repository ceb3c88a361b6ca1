package dev.bluegreen.operator.controller;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.javaoperatorsdk.operator.processing.event.ResourceID;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The children the controller deleted that the informer cache may still hold, so that a decision
 * does not see them.
 *
 * <p>Why: a child is deleted in one reconcile, but the watch event that drops it from the cache can
 * arrive after the next reconcile started (and a FlinkDeployment with the Flink operator's
 * finalizer stays, with the same UID, until its job is cancelled). Deciding on the stale child
 * would count it as present, e.g. wait for it or delete it again. The object that was deleted (same
 * UID) stays hidden; the entry is keyed by the child's name and goes when a lookup finds a new
 * child of that name (another UID) or when the parent is cleaned up. So at most one entry per child
 * name is kept (two per parent), and none for a parent that was cleaned up. Thread-safe.
 */
final class DeletedChildren {
    private final Map<ResourceID, String> uids = new ConcurrentHashMap<>();

    /** Records that {@code child}, as cached, was deleted. */
    void deleted(GenericKubernetesResource child) {
        uids.put(ResourceID.fromResource(child), child.getMetadata().getUid());
    }

    /**
     * {@code cached}, the cache's child of that name, unless it is an object that was deleted.
     *
     * @param namespace the child's namespace
     * @param name the child's name
     */
    Optional<GenericKubernetesResource> visible(
            String namespace, String name, Optional<GenericKubernetesResource> cached) {
        var id = new ResourceID(name, namespace);
        String deleted = uids.get(id);
        if (deleted == null) {
            return cached;
        }
        if (cached.isEmpty() || deleted.equals(cached.get().getMetadata().getUid())) {
            return Optional.empty();
        }
        uids.remove(id, deleted); // a new child of that name: the deleted one is gone for good
        return cached;
    }

    /** Forgets both children of a deleted parent. */
    void forget(FlinkBlueGreenDeployment parent) {
        var meta = parent.getMetadata();
        ChildNames names = ChildNaming.names(parent);
        for (Color color : Color.values()) {
            uids.remove(new ResourceID(names.child(color), meta.getNamespace()));
        }
    }

    /** How many deleted children are remembered. */
    int size() {
        return uids.size();
    }
}
