package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.operator.internal.adopt.AdoptedSpecs;
import dev.bluegreen.operator.internal.config.HandoverSettings;
import dev.bluegreen.operator.internal.observe.Rejection;
import dev.bluegreen.operator.internal.spec.ChildMerge;
import dev.bluegreen.operator.internal.spec.ChildOwnership;
import dev.bluegreen.operator.internal.spec.ChildSpecs;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.internal.spec.SpecRefs;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;

import java.util.Map;

/**
 * Writes child FlinkDeployments: create, or read the live child, merge ours over theirs and PUT
 * with its resourceVersion; never a merge patch or server-side apply. No-op writes are skipped.
 * Every spec write records the child's error at that moment ({@link Rejection#stamp}). A live child
 * the parent adopted is written without the colour settings ({@link ChildSpecs#adoptedInPlace}), so
 * that the upstream operator does not redeploy its job for them.
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
            Owner owner,
            ChildNames names,
            SpecRefs specs,
            Action.DeployChild action,
            HandoverSettings handover) {
        var target = new Target(owner, names, specs.resolve(action.specRef()), action.specRef());
        return write(
                target, action.color(), action.restore(), action.restorePath(), handover, false);
    }

    GenericKubernetesResource patch(
            Owner owner,
            ChildNames names,
            SpecRefs specs,
            Action.PatchChild action,
            HandoverSettings handover) {
        var target = new Target(owner, names, specs.resolve(action.specRef()), action.specRef());
        return write(
                target,
                action.color(),
                Action.RestoreFrom.SPEC_INITIAL_SAVEPOINT,
                null,
                handover,
                true);
    }

    /** The parent spec (and its ref) a child is written from. */
    private record Target(Owner owner, ChildNames names, JsonNode parentSpec, String specRef) {}

    GenericKubernetesResource suspend(Owner owner, String name) {
        var live = live(owner, name);
        if (live == null) {
            return null;
        }
        var suspended = ChildMerge.suspended(live);
        if (ChildMerge.sameAsLive(live, suspended)) {
            return null;
        }
        Rejection.stamp(suspended, live);
        return Writes.guarded(
                "FlinkDeployment " + name, () -> children(owner).resource(suspended).update());
    }

    /** Deletes the child if it exists, only while it still has the resourceVersion checked. */
    void delete(Owner owner, String name) {
        var live = live(owner, name);
        if (live != null) {
            Writes.guarded(
                    "FlinkDeployment " + name,
                    () -> children(owner).resource(live).lockResourceVersion().delete());
        }
    }

    /**
     * Creates or updates the child; returns the written object, or null when nothing changed. A
     * live child the parent adopted gets {@link ChildSpecs#adoptedInPlace}: no colour settings.
     */
    private GenericKubernetesResource write(
            Target t,
            Color color,
            Action.RestoreFrom restore,
            String restorePath,
            HandoverSettings handover,
            boolean keepRestorePoint) {
        String childName = t.names().child(color);
        var live = live(t.owner(), childName);
        // an adopted job runs on as it was adopted: the colour settings wait for a created child
        boolean adopted = live != null && childName.equals(t.names().adopted());
        var desired =
                adopted
                        ? adoptedInPlace(t, color, restore, restorePath, live)
                        : created(t, color, restore, restorePath, handover);
        String name = "FlinkDeployment " + childName;
        if (live == null) {
            return Writes.guarded(name, () -> children(t.owner()).resource(desired).create());
        }
        return update(t.owner(), name, live, desired, keepRestorePoint);
    }

    /** A child the controller created, as it should be. */
    private static GenericKubernetesResource created(
            Target t,
            Color color,
            Action.RestoreFrom restore,
            String restorePath,
            HandoverSettings handover) {
        return ChildSpecs.desired(
                t.owner(),
                t.names(),
                t.parentSpec(),
                t.specRef(),
                color,
                restore,
                restorePath,
                handover);
    }

    /** The adopted child as it should be: no colour settings, what it was started with kept. */
    private static GenericKubernetesResource adoptedInPlace(
            Target t,
            Color color,
            Action.RestoreFrom restore,
            String restorePath,
            GenericKubernetesResource live) {
        var desired =
                ChildSpecs.adoptedInPlace(
                        t.owner(),
                        t.names(),
                        t.parentSpec(),
                        t.specRef(),
                        color,
                        restore,
                        restorePath);
        keepRunningFields(desired, live);
        return desired;
    }

    /** Keeps on {@code desired} what the adopted {@code live} job was started with. */
    private static void keepRunningFields(
            GenericKubernetesResource desired, GenericKubernetesResource live) {
        var kept =
                AdoptedSpecs.keptOnRunningChild(
                        ChildMerge.specTree(desired), ChildMerge.specTree(live));
        desired.setAdditionalProperty("spec", SpecJson.mapper().convertValue(kept, Map.class));
    }

    private GenericKubernetesResource update(
            Owner owner,
            String name,
            GenericKubernetesResource live,
            GenericKubernetesResource desired,
            boolean keepRestorePoint) {
        var merged = ChildMerge.merge(live, desired, keepRestorePoint);
        if (ChildMerge.sameAsLive(live, merged)) {
            return null;
        }
        Rejection.stamp(merged, live);
        return Writes.guarded(name, () -> children(owner).resource(merged).update());
    }

    /**
     * The live child {@code name}, or null when it does not exist.
     *
     * @throws ChildOwnedByAnotherException when it exists and is not ours alone
     */
    GenericKubernetesResource live(Owner owner, String name) {
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
}
