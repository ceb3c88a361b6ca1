package dev.bluegreen.operator.internal.apply;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one {@link PlanExecutor#execute} call wrote: the children, snapshots, parent HTTPRoute and
 * parent Ingress as the server returned them, and the names of deleted children. The controller
 * feeds these into its informer caches so that the next decision does not act on a stale view, and
 * remembers the traffic objects' new resourceVersions as its own.
 *
 * @param children created or updated children
 * @param snapshots created snapshots
 * @param deletedChildren names of deleted children
 * @param route the parent HTTPRoute as created or updated, or {@code null} when it was not written
 * @param ingress the parent Ingress as created or updated, or {@code null} when it was not written
 */
public record Applied(
        List<GenericKubernetesResource> children,
        List<GenericKubernetesResource> snapshots,
        Set<String> deletedChildren,
        HTTPRoute route,
        HasMetadata ingress) {

    /** Copies the collections. */
    public Applied {
        children = List.copyOf(children);
        snapshots = List.copyOf(snapshots);
        deletedChildren = Set.copyOf(deletedChildren);
    }

    /** Whether nothing was written. */
    public boolean nothing() {
        return children.isEmpty()
                && snapshots.isEmpty()
                && deletedChildren.isEmpty()
                && route == null
                && ingress == null;
    }

    static final class Collector {
        private final List<GenericKubernetesResource> children = new ArrayList<>();
        private final List<GenericKubernetesResource> snapshots = new ArrayList<>();
        private final Set<String> deleted = new TreeSet<>();
        private HTTPRoute route;
        private HasMetadata ingress;

        void child(GenericKubernetesResource written) {
            if (written != null) {
                children.add(written);
                deleted.remove(written.getMetadata().getName());
            }
        }

        void snapshot(GenericKubernetesResource written) {
            if (written != null) {
                snapshots.add(written);
            }
        }

        void route(HTTPRoute written) {
            if (written != null) {
                route = written;
            }
        }

        void ingress(HasMetadata written) {
            if (written != null) {
                ingress = written;
            }
        }

        void deleted(String name) {
            deleted.add(name);
            children.removeIf(c -> c.getMetadata().getName().equals(name));
        }

        Applied build() {
            return new Applied(children, snapshots, deleted, route, ingress);
        }
    }
}
