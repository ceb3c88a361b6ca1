package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.util.Objects;
import java.util.Optional;

/**
 * The children the controller deleted that the informer cache may still hold, so that a decision
 * does not see them.
 *
 * <p>Why: a child is deleted in one reconcile, but the watch event that drops it from the cache can
 * arrive after the next reconcile started (and a FlinkDeployment with the Flink operator's
 * finalizer stays, with the same UID, until its job is cancelled). Deciding on the stale child
 * would count it as present, e.g. wait for it or delete it again. The object that was deleted (same
 * UID) stays hidden; the entry is kept per parent by the child's name and goes when a lookup finds
 * a new child of that name (another UID) or with the parent. So at most one entry per child name is
 * kept (two per parent), and none for a parent that was cleaned up. A view of {@link ParentMemory}.
 * Thread-safe.
 */
final class DeletedChildren {
    private final ParentMemory memory;

    /** The deleted children kept in {@code memory}. */
    DeletedChildren(ParentMemory memory) {
        this.memory = Objects.requireNonNull(memory, "memory == null");
    }

    /** Records that {@code child} of {@code parent}, as cached, was deleted. */
    void deleted(FlinkBlueGreenDeployment parent, GenericKubernetesResource child) {
        var meta = child.getMetadata();
        memory.of(parent).deletedChildren.put(meta.getName(), meta.getUid());
    }

    /**
     * {@code cached}, the cache's child of that name, unless it is an object that was deleted.
     *
     * @param parent the child's parent
     * @param name the child's name
     */
    Optional<GenericKubernetesResource> visible(
            FlinkBlueGreenDeployment parent,
            String name,
            Optional<GenericKubernetesResource> cached) {
        ParentMemory.Kept kept = memory.peek(parent);
        String deleted = kept == null ? null : kept.deletedChildren.get(name);
        if (deleted == null) {
            return cached;
        }
        if (cached.isEmpty() || deleted.equals(cached.get().getMetadata().getUid())) {
            return Optional.empty();
        }
        kept.deletedChildren.remove(name, deleted); // a new child of that name: the old one is gone
        return cached;
    }

    /** How many deleted children of {@code parent} are remembered. */
    int size(FlinkBlueGreenDeployment parent) {
        ParentMemory.Kept kept = memory.peek(parent);
        return kept == null ? 0 : kept.deletedChildren.size();
    }
}
