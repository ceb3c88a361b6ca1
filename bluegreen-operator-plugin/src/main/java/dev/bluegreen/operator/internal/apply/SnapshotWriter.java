package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.core.Action;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.ingress.ResourceNames;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.Map;

/**
 * Creates the hand-over savepoint as an upstream FlinkStateSnapshot referring to the child. Its
 * name is deterministic per transition, so an existing snapshot means the request was already made:
 * it is never re-created or reused for another transition.
 */
final class SnapshotWriter {
    private final KubernetesClient client;

    SnapshotWriter(KubernetesClient client) {
        this.client = client;
    }

    /**
     * Creates the snapshot of the child {@code child}; returns it, or null when it already existed.
     */
    GenericKubernetesResource takeSavepoint(
            Owner owner, String child, Action.TakeSavepoint action) {
        String name = ResourceNames.savepointSnapshot(owner.name(), action.snapshotName());
        var snapshots =
                client.genericKubernetesResources(ApiTypes.FLINK_STATE_SNAPSHOT)
                        .inNamespace(owner.namespace());
        if (snapshots.withName(name).get() != null) {
            return null;
        }
        var snapshot = snapshot(owner, name, child, action);
        return Writes.guarded(
                "FlinkStateSnapshot " + name, () -> snapshots.resource(snapshot).create());
    }

    /** A savepoint FlinkStateSnapshot {@code name} of {@code child}, kept after it is deleted. */
    private static GenericKubernetesResource snapshot(
            Owner owner, String name, String child, Action.TakeSavepoint action) {
        var snapshot = new GenericKubernetesResource();
        snapshot.setApiVersion("flink.apache.org/v1beta1");
        snapshot.setKind("FlinkStateSnapshot");
        snapshot.setMetadata(
                new ObjectMetaBuilder()
                        .withName(name)
                        .withNamespace(owner.namespace())
                        .addToLabels("bluegreen.dev/parent", owner.name())
                        .addToLabels("bluegreen.dev/color", action.color().lowerCase())
                        .withOwnerReferences(owner.toOwnerReference())
                        .build());
        snapshot.setAdditionalProperty(
                "spec",
                Map.of(
                        "backoffLimit", 0,
                        "jobReference", Map.of("kind", "FlinkDeployment", "name", child),
                        "savepoint", Map.of("disposeOnDelete", false)));
        return snapshot;
    }
}
