package dev.bluegreen.operator.listener;

import dev.bluegreen.operator.internal.spec.ChildLabels;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;

import java.util.Map;
import java.util.Optional;

/**
 * Finds the FlinkBlueGreenDeployment that owns a FlinkDeployment or FlinkStateSnapshot: its owner
 * reference of kind FlinkBlueGreenDeployment in group {@code bluegreen.dev}, else its {@code
 * bluegreen.dev/parent} label. Pure and thread-safe.
 */
final class ParentRefs {
    private ParentRefs() {}

    /** The owning parent's namespace and name; empty when {@code metadata} names none. */
    static Optional<Parent> of(ObjectMeta metadata) {
        if (metadata == null || metadata.getNamespace() == null) {
            return Optional.empty();
        }
        if (metadata.getOwnerReferences() != null) {
            for (OwnerReference owner : metadata.getOwnerReferences()) {
                if (isParent(owner)) {
                    return Optional.of(new Parent(metadata.getNamespace(), owner.getName()));
                }
            }
        }
        Map<String, String> labels = metadata.getLabels();
        String label = labels == null ? null : labels.get(ChildLabels.PARENT);
        return label == null || label.isBlank()
                ? Optional.empty()
                : Optional.of(new Parent(metadata.getNamespace(), label));
    }

    private static boolean isParent(OwnerReference owner) {
        String apiVersion = owner.getApiVersion();
        return FlinkBlueGreenDeployment.KIND.equals(owner.getKind())
                && apiVersion != null
                && apiVersion.startsWith(FlinkBlueGreenDeployment.GROUP + "/")
                && owner.getName() != null;
    }

    /** A parent's coordinates. */
    record Parent(String namespace, String name) {}
}
