package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.ingress.Owner;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether a live child FlinkDeployment is ours alone. A child is written or deleted only when its
 * owner references name this parent (by uid) and nothing else. Another owner, controller or not,
 * means someone else manages an object of the same name: the upstream operator's own {@code
 * flink.apache.org} FlinkBlueGreenDeployment names its children {@code <name>-blue} and {@code
 * <name>-green} too. A child without our owner reference was created by someone else. Stateless.
 */
public final class ChildOwnership {
    private ChildOwnership() {}

    /**
     * Why {@code owner} must not touch the child with metadata {@code child}, or empty when the
     * child is ours alone.
     */
    public static Optional<Refusal> refusal(Owner owner, ObjectMeta child) {
        Objects.requireNonNull(owner, "owner == null");
        List<OwnerReference> refs =
                child.getOwnerReferences() == null ? List.of() : child.getOwnerReferences();
        for (OwnerReference ref : refs) {
            if (!owner.uid().equals(ref.getUid())) {
                return Optional.of(new Refusal(child.getName(), ref));
            }
        }
        if (refs.isEmpty()) {
            return Optional.of(new Refusal(child.getName(), null));
        }
        return Optional.empty();
    }

    /**
     * A child that is not ours alone.
     *
     * @param child the child's name
     * @param other the first owner reference that is not this parent, or {@code null} when the
     *     child has no owner reference at all
     */
    public record Refusal(String child, OwnerReference other) {

        /** A message naming the child and the other owner, and what to do about it. */
        public String message() {
            return "FlinkDeployment "
                    + child
                    + " "
                    + whom(other)
                    + "; the controller does not write or delete it. Rename one of the two"
                    + " parents (or delete the other object) so that the names do not collide";
        }
    }

    private static String whom(OwnerReference other) {
        if (other == null) {
            return "has no owner reference to this parent (someone else created it)";
        }
        return "is also owned by "
                + other.getKind()
                + " "
                + other.getName()
                + " ("
                + other.getApiVersion()
                + ", uid "
                + other.getUid()
                + ")";
    }
}
