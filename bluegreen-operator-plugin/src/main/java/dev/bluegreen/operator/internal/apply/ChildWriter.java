package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.config.HandoverSettings;
import dev.bluegreen.operator.internal.observe.Rejection;
import dev.bluegreen.operator.internal.spec.ChildMerge;
import dev.bluegreen.operator.internal.spec.ChildOwnership;
import dev.bluegreen.operator.internal.spec.ChildSpecs;
import dev.bluegreen.operator.internal.spec.SpecRefs;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;

/**
 * Writes child FlinkDeployments: create, or read the live child, merge ours over theirs and PUT
 * with its resourceVersion; never a merge patch or server-side apply. No-op writes are skipped.
 * Every spec write records the child's error at that moment ({@link Rejection#stamp}).
 *
 * <p>Every write and delete of a child goes through {@link #live}: a live child that is not ours
 * alone ({@link ChildOwnership}) is never written or deleted, a {@link
 * ChildOwnedByAnotherException} is thrown instead.
 */
final class ChildWriter {
    private final KubernetesClient client;

    ChildWriter(KubernetesClient client) {
        this.client = client;
    }

    GenericKubernetesResource deploy(
            Owner owner, SpecRefs specs, Action.DeployChild action, HandoverSettings handover) {
        var desired =
                ChildSpecs.desired(
                        owner,
                        specs.resolve(action.specRef()),
                        action.specRef(),
                        action.color(),
                        action.restore(),
                        action.restorePath(),
                        handover);
        return write(owner, action.color(), desired, false);
    }

    GenericKubernetesResource patch(
            Owner owner, SpecRefs specs, Action.PatchChild action, HandoverSettings handover) {
        var desired =
                ChildSpecs.desired(
                        owner,
                        specs.resolve(action.specRef()),
                        action.specRef(),
                        action.color(),
                        Action.RestoreFrom.SPEC_INITIAL_SAVEPOINT,
                        null,
                        handover);
        return write(owner, action.color(), desired, true);
    }

    GenericKubernetesResource suspend(Owner owner, Color color) {
        var live = live(owner, ResourceNames.child(owner.name(), color));
        if (live == null) {
            return null;
        }
        var suspended = ChildMerge.suspended(live);
        if (ChildMerge.sameAsLive(live, suspended)) {
            return null;
        }
        Rejection.stamp(suspended, live);
        return Writes.guarded(
                name(owner, color), () -> children(owner).resource(suspended).update());
    }

    /** Deletes the child if it exists, only while it still has the resourceVersion checked. */
    void delete(Owner owner, Color color) {
        var live = live(owner, ResourceNames.child(owner.name(), color));
        if (live != null) {
            Writes.guarded(
                    name(owner, color),
                    () -> children(owner).resource(live).lockResourceVersion().delete());
        }
    }

    /** Creates or updates the child; returns the written object, or null when nothing changed. */
    private GenericKubernetesResource write(
            Owner owner, Color color, GenericKubernetesResource desired, boolean keepRestorePoint) {
        var live = live(owner, desired.getMetadata().getName());
        if (live == null) {
            return Writes.guarded(
                    name(owner, color), () -> children(owner).resource(desired).create());
        }
        var merged = ChildMerge.merge(live, desired, keepRestorePoint);
        if (ChildMerge.sameAsLive(live, merged)) {
            return null;
        }
        Rejection.stamp(merged, live);
        return Writes.guarded(name(owner, color), () -> children(owner).resource(merged).update());
    }

    /**
     * The live child {@code name}, or null when it does not exist.
     *
     * @throws ChildOwnedByAnotherException when it exists and is not ours alone
     */
    private GenericKubernetesResource live(Owner owner, String name) {
        var live = children(owner).withName(name).get();
        if (live != null) {
            var refusal = ChildOwnership.refusal(owner, live.getMetadata());
            if (refusal.isPresent()) {
                throw new ChildOwnedByAnotherException(refusal.get());
            }
        }
        return live;
    }

    private NonNamespaceOperation<
                    GenericKubernetesResource,
                    GenericKubernetesResourceList,
                    Resource<GenericKubernetesResource>>
            children(Owner owner) {
        return client.genericKubernetesResources(ApiTypes.FLINK_DEPLOYMENT)
                .inNamespace(owner.namespace());
    }

    private static String name(Owner owner, Color color) {
        return "FlinkDeployment " + ResourceNames.child(owner.name(), color);
    }
}
