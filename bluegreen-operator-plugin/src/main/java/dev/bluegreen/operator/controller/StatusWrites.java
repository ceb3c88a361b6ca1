package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.internal.apply.Parents;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.Objects;

/**
 * Remembers, per parent, the resourceVersion each of the controller's own status writes replaced,
 * so that a reconcile handed a cached parent older than that write reads the live parent instead.
 *
 * <p>Why: JOSDK reconciles with the informer's copy of the parent, which may not have seen our last
 * status write yet (another event, e.g. the Ingress we just switched, arrives first). Deciding on
 * it repeats the step already taken, with a new time, and the repeated status write emits its
 * events again. A real API server rejects that write (409: the resourceVersion is stale), but a
 * status PUT to the embedded API server is not checked, which is how the demo saw {@code
 * TrafficSwitched} three times. A view of {@link ParentMemory} (one version per parent, forgotten
 * with the parent). Thread-safe.
 */
final class StatusWrites {
    private final ParentMemory memory;

    /** The status writes kept in {@code memory}. */
    StatusWrites(ParentMemory memory) {
        this.memory = Objects.requireNonNull(memory, "memory == null");
    }

    /** Records that a status write based on {@code parent} succeeded. */
    void wrote(FlinkBlueGreenDeployment parent) {
        memory.of(parent).statusWriteReplaced = parent.getMetadata().getResourceVersion();
    }

    /**
     * {@code cached}, unless it is the very version our last status write replaced: then the live
     * parent (one GET), or {@code null} when it is gone.
     */
    FlinkBlueGreenDeployment current(FlinkBlueGreenDeployment cached, KubernetesClient client) {
        ParentMemory.Kept kept = memory.peek(cached);
        String before = kept == null ? null : kept.statusWriteReplaced;
        if (before == null || !before.equals(cached.getMetadata().getResourceVersion())) {
            return cached;
        }
        return Parents.live(client, cached);
    }
}
