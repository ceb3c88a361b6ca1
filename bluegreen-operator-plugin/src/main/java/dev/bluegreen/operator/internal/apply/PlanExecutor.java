package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Color;
import dev.bluegreen.gate.channel.GateControl;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.config.HandoverSettings;
import dev.bluegreen.operator.internal.spec.ChildLabels;
import dev.bluegreen.operator.internal.spec.Owners;
import dev.bluegreen.operator.internal.spec.SpecRefs;
import dev.bluegreen.operator.internal.status.EventSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The only writer of the controller: carries out the engine's actions in order, writes the parent
 * status and emits events.
 *
 * <p>Writes are creates, PUTs with the live resourceVersion (optimistic locking) or deletes; never
 * a JSON merge patch or server-side apply. Every write is skipped when the live object already has
 * the desired content, so the steady state writes nothing. A lost race (HTTP 409) surfaces as
 * {@link WriteConflictException}; a child that is not ours alone is never written or deleted
 * ({@link ChildOwnedByAnotherException}); other API errors propagate as fabric8's {@code
 * KubernetesClientException} (the controller lets JOSDK retry). Thread-safe when the client is.
 */
public final class PlanExecutor {
    private final KubernetesClient client;
    private final ChildWriter children;
    private final SnapshotWriter snapshots;
    private final TrafficWriter traffic;
    private final EventWriter events;

    /** An executor writing through {@code client}, with a {@code networking.k8s.io/v1} Ingress. */
    public PlanExecutor(KubernetesClient client) {
        this(client, IngressApiVersion.NETWORKING_V1);
    }

    /** An executor writing through {@code client}, the parent Ingress in {@code ingressVersion}. */
    public PlanExecutor(KubernetesClient client, IngressApiVersion ingressVersion) {
        this.client = Objects.requireNonNull(client, "client == null");
        this.children = new ChildWriter(client);
        this.snapshots = new SnapshotWriter(client);
        this.traffic =
                new TrafficWriter(
                        client, Objects.requireNonNull(ingressVersion, "ingressVersion == null"));
        this.events = new EventWriter(client);
    }

    /**
     * Carries out {@code actions} in order for {@code parent}.
     *
     * @param specs resolves the spec refs named by the actions
     * @param handover the parsed ADVANCED-mode settings the children are configured with
     * @throws WriteConflictException when a write lost an optimistic-locking race
     * @throws ChildOwnedByAnotherException when an action would write or delete a child that is not
     *     ours alone; the actions before it were carried out
     * @return the objects written, so the caller can update its caches
     * @throws IllegalStateException when an action names a spec that {@code specs} does not know
     */
    public Applied execute(
            FlinkBlueGreenDeployment parent,
            SpecRefs specs,
            List<Action> actions,
            HandoverSettings handover) {
        Owner owner = Owners.of(parent);
        var applied = new Applied.Collector();
        for (Action action : actions) {
            apply(owner, parent, specs, action, handover, applied);
        }
        return applied.build();
    }

    private void apply(
            Owner owner,
            FlinkBlueGreenDeployment parent,
            SpecRefs specs,
            Action action,
            HandoverSettings handover,
            Applied.Collector applied) {
        if (action instanceof Action.DeployChild a) {
            applied.child(children.deploy(owner, specs, a, handover));
        } else if (action instanceof Action.PatchChild a) {
            applied.child(children.patch(owner, specs, a, handover));
        } else if (action instanceof Action.SuspendChild a) {
            applied.child(children.suspend(owner, a.color()));
        } else if (action instanceof Action.DeleteChild a) {
            children.delete(owner, a.color());
            applied.deleted(ResourceNames.child(owner.name(), a.color()));
        } else if (action instanceof Action.TakeSavepoint a) {
            applied.snapshot(snapshots.takeSavepoint(owner, a));
        } else if (action instanceof Action.SwitchTraffic a) {
            traffic.switchTo(owner, parent.getSpec(), a.color());
        } else {
            throw new IllegalArgumentException("unknown action " + action);
        }
    }

    /**
     * Sends {@code command} to a gate control channel (ADVANCED mode).
     *
     * @return whether the channel took it (false when it already had a newer command)
     * @throws WriteConflictException when the ConfigMap channel lost an optimistic-locking race
     */
    public boolean send(GateControl channel, GateCommand command) {
        return channel.send(command);
    }

    /**
     * Writes {@code status} with {@code lockResourceVersion().updateStatus()}, unless it equals the
     * parent's current status.
     *
     * @return whether a write was made
     * @throws WriteConflictException when the parent changed since it was read
     */
    public boolean updateStatus(
            FlinkBlueGreenDeployment parent, FlinkBlueGreenDeploymentStatus status) {
        if (Objects.equals(parent.getStatus(), status)) {
            return false;
        }
        var copy = client.getKubernetesSerialization().clone(parent);
        copy.setStatus(status);
        Writes.guarded(
                "status of " + parent.getMetadata().getName(),
                () -> client.resource(copy).lockResourceVersion().updateStatus());
        return true;
    }

    /**
     * Creates core/v1 Events about {@code parent}, one per entry, in order.
     *
     * @param now the event time
     */
    public void events(FlinkBlueGreenDeployment parent, List<EventSpec> specs, Instant now) {
        for (int i = 0; i < specs.size(); i++) {
            EventSpec e = specs.get(i);
            events.emit(parent, e.type(), e.reason(), e.message(), now, i);
        }
    }

    /**
     * Deletes everything the parent owns: both children, its snapshots (label {@code
     * bluegreen.dev/parent}), the parent ingress and the gate ConfigMap. Missing objects are fine;
     * a child that is not ours alone is left alone.
     */
    public void deleteOwned(FlinkBlueGreenDeployment parent) {
        Owner owner = Owners.of(parent);
        for (Color color : Color.values()) {
            try {
                children.delete(owner, color);
            } catch (ChildOwnedByAnotherException e) {
                // someone else's object of the same name: not ours to delete
            }
        }
        Writes.guarded(
                "FlinkStateSnapshots of " + owner.name(),
                () ->
                        client.genericKubernetesResources(ApiTypes.FLINK_STATE_SNAPSHOT)
                                .inNamespace(owner.namespace())
                                .withLabel(ChildLabels.PARENT, owner.name())
                                .delete());
        traffic.delete(owner);
        Writes.guarded(
                "gate ConfigMap of " + owner.name(),
                () ->
                        client.configMaps()
                                .inNamespace(owner.namespace())
                                .withName(ResourceNames.gateConfigMap(owner.name()))
                                .delete());
    }
}
