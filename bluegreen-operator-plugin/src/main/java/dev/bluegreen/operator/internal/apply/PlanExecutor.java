package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Color;
import dev.bluegreen.gate.channel.GateControl;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.config.HandoverSettings;
import dev.bluegreen.operator.internal.spec.ChildLabels;
import dev.bluegreen.operator.internal.spec.ChildNaming;
import dev.bluegreen.operator.internal.spec.Owners;
import dev.bluegreen.operator.internal.spec.RouteIntent;
import dev.bluegreen.operator.internal.spec.SpecRefs;
import dev.bluegreen.operator.internal.spec.TrafficIntent;
import dev.bluegreen.operator.internal.status.EventSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
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
    private final RouteWriter routes;
    private final boolean gatewayApi;
    private final EventWriter events;
    private final AdoptionWriter adoptions;

    /** An executor writing through {@code client}, with a {@code networking.k8s.io/v1} Ingress. */
    public PlanExecutor(KubernetesClient client) {
        this(client, IngressApiVersion.NETWORKING_V1);
    }

    /** An executor writing through {@code client}, the parent Ingress in {@code ingressVersion}. */
    public PlanExecutor(KubernetesClient client, IngressApiVersion ingressVersion) {
        this(client, ingressVersion, false);
    }

    /**
     * An executor writing through {@code client}, the parent Ingress in {@code ingressVersion}.
     *
     * @param gatewayApi whether the Gateway API {@code HTTPRoute} CRD is installed (the cleaner
     *     deletes the parent's route only then)
     */
    public PlanExecutor(
            KubernetesClient client, IngressApiVersion ingressVersion, boolean gatewayApi) {
        this.client = Objects.requireNonNull(client, "client == null");
        this.routes = new RouteWriter(client);
        this.gatewayApi = gatewayApi;
        this.children = new ChildWriter(client);
        this.snapshots = new SnapshotWriter(client);
        this.traffic =
                new TrafficWriter(
                        client, Objects.requireNonNull(ingressVersion, "ingressVersion == null"));
        this.events = new EventWriter(client);
        this.adoptions = new AdoptionWriter(client);
    }

    /**
     * Carries out {@code actions} in order for {@code parent}; writes the traffic objects only at a
     * {@code SwitchTraffic}.
     *
     * @see #execute(FlinkBlueGreenDeployment, SpecRefs, List, HandoverSettings, LiveTraffic,
     *     TrafficIntent)
     */
    public Applied execute(
            FlinkBlueGreenDeployment parent,
            SpecRefs specs,
            List<Action> actions,
            HandoverSettings handover) {
        return execute(parent, specs, actions, handover, LiveTraffic.NONE, TrafficIntent.UNCHANGED);
    }

    /**
     * Carries out {@code actions} in order for {@code parent}, and converges its traffic objects
     * once: at the first action that moves traffic or takes a child away ({@code SwitchTraffic},
     * {@code DeleteChild}, {@code SuspendChild}), so that nothing points at a child being retired,
     * else after the last action. At a {@code SwitchTraffic} the Ingress is written from a fresh
     * GET and the object that stays is written before the one that goes: with {@code spec.ingress}
     * gone the route first, then the Ingress is deleted; otherwise the Ingress first, then a route
     * that {@code spec.httpRoute} no longer asks for is deleted. Outside a switch both are
     * converged from {@code live} (undoing edits made by hand) and nothing is deleted.
     *
     * @param specs resolves the spec refs named by the actions
     * @param handover the parsed ADVANCED-mode settings the children are configured with
     * @param live the parent's Ingress and HTTPRoute from the informer caches
     * @param intent what they should be after the plan
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
            HandoverSettings handover,
            LiveTraffic live,
            TrafficIntent intent) {
        Owner owner = Owners.of(parent);
        ChildNames names = ChildNaming.names(parent);
        var applied = new Applied.Collector();
        var target = new TrafficTarget(parent, live, intent);
        for (Action action : actions) {
            if (action instanceof Action.SwitchTraffic a) {
                target.switchTo(a.color(), applied);
                continue;
            }
            if (action instanceof Action.DeleteChild || action instanceof Action.SuspendChild) {
                target.converge(applied);
            }
            apply(owner, names, specs, action, handover, applied);
        }
        target.converge(applied);
        return applied.build();
    }

    /**
     * The traffic objects' live state within one {@code execute}: converged at most once outside a
     * switch, then kept.
     */
    private final class TrafficTarget {
        private final FlinkBlueGreenDeployment parent;
        private final TrafficIntent intent;
        private final HasMetadata liveIngress;
        private final IngressCheck ingressCheck;
        private HTTPRoute liveRoute;
        private boolean routeConverged;
        private boolean ingressWritten;

        TrafficTarget(FlinkBlueGreenDeployment parent, LiveTraffic live, TrafficIntent intent) {
            this.parent = parent;
            this.intent = Objects.requireNonNull(intent, "intent == null");
            this.liveIngress = live.ingress();
            this.ingressCheck = live.ingressCheck();
            this.liveRoute = live.route();
        }

        /** A {@code SwitchTraffic}: the object that stays first, then the one that goes. */
        void switchTo(Color color, Applied.Collector applied) {
            if (parent.getSpec().getIngress() == null) {
                route(applied, true);
                switchIngress(color, applied);
            } else {
                switchIngress(color, applied);
                route(applied, true);
            }
        }

        /** Converges both objects to the intent, once. */
        void converge(Applied.Collector applied) {
            if (!ingressWritten) {
                applied.ingress(
                        traffic.converge(
                                Owners.of(parent),
                                ChildNaming.names(parent),
                                parent.getSpec(),
                                intent.ingressColor(),
                                liveIngress,
                                ingressCheck));
                ingressWritten = true;
            }
            if (!routeConverged) {
                route(applied, false);
            }
        }

        private void switchIngress(Color color, Applied.Collector applied) {
            var owner = Owners.of(parent);
            applied.ingress(
                    traffic.switchTo(owner, ChildNaming.names(parent), parent.getSpec(), color));
            ingressWritten = true;
        }

        private void route(Applied.Collector applied, boolean atSwitch) {
            HTTPRoute written = routes.converge(liveRoute, intent.route(), atSwitch);
            if (written != null) {
                liveRoute = written;
                applied.route(written);
            } else if (atSwitch && intent.route() instanceof RouteIntent.Absent) {
                liveRoute = null;
            }
            routeConverged = true;
        }
    }

    private void apply(
            Owner owner,
            ChildNames names,
            SpecRefs specs,
            Action action,
            HandoverSettings handover,
            Applied.Collector applied) {
        if (action instanceof Action.DeployChild a) {
            applied.child(children.deploy(owner, names, specs, a, handover));
        } else if (action instanceof Action.PatchChild a) {
            applied.child(children.patch(owner, names, specs, a, handover));
        } else if (action instanceof Action.SuspendChild a) {
            applied.child(children.suspend(owner, names.child(a.color())));
        } else if (action instanceof Action.DeleteChild a) {
            children.delete(owner, names.child(a.color()));
            applied.deleted(names.child(a.color()));
        } else if (action instanceof Action.TakeSavepoint a) {
            applied.snapshot(snapshots.takeSavepoint(owner, names.child(a.color()), a));
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
     * The FlinkDeployment {@code spec.adoptDeployment} names, read from the API (it is not watched
     * before it is adopted), or {@code null} when it does not exist.
     */
    public GenericKubernetesResource adoptionCandidate(FlinkBlueGreenDeployment parent) {
        return adoptions.get(
                parent.getMetadata().getNamespace(), parent.getSpec().getAdoptDeployment());
    }

    /**
     * Makes {@code live} the child of {@code parent} it is adopted as ({@code
     * ChildNames.adoptedColor}: blue, or green when it has the parent's green name) with one
     * metadata-only JSON Patch (owner reference, labels, the spec-ref annotation {@code specRef});
     * its spec is never written.
     *
     * @return the patched deployment, or {@code null} when it had all of it already
     * @throws WriteConflictException when it changed since it was read
     */
    public GenericKubernetesResource adopt(
            FlinkBlueGreenDeployment parent, GenericKubernetesResource live, String specRef) {
        Color color = ChildNaming.names(parent).adoptedColor();
        return adoptions.adopt(Owners.of(parent), live, specRef, color);
    }

    /** Points the parent Ingress (if the spec asks for one) at the child of {@code color}. */
    public void switchIngress(FlinkBlueGreenDeployment parent, Color color) {
        traffic.switchTo(Owners.of(parent), ChildNaming.names(parent), parent.getSpec(), color);
    }

    /**
     * Deletes everything the parent owns: both children, its snapshots (label {@code
     * bluegreen.dev/parent}), the parent ingress, the parent HTTPRoute (when the Gateway API is
     * installed) and the gate ConfigMap. Missing objects are fine; a child that is not ours alone
     * is left alone. The child named {@code keep} (if not {@code null}) is released instead: our
     * owner reference, labels and annotations are removed with one metadata-only patch, and it
     * keeps running as a plain FlinkDeployment.
     *
     * @return the released child as patched, or {@code null} when none was released
     */
    public GenericKubernetesResource deleteOwned(FlinkBlueGreenDeployment parent, String keep) {
        Owner owner = Owners.of(parent);
        ChildNames names = ChildNaming.names(parent);
        GenericKubernetesResource released = null;
        for (Color color : Color.values()) {
            String name = names.child(color);
            try {
                if (name.equals(keep)) {
                    released = release(owner, name);
                } else {
                    children.delete(owner, name);
                }
            } catch (ChildOwnedByAnotherException e) {
                // someone else's object of the same name: not ours to delete
            }
        }
        deleteOthers(owner);
        return released;
    }

    private GenericKubernetesResource release(Owner owner, String name) {
        var live = children.live(owner, name);
        return live == null ? null : adoptions.release(owner, live);
    }

    private void deleteOthers(Owner owner) {
        Writes.guarded(
                "FlinkStateSnapshots of " + owner.name(),
                () ->
                        client.genericKubernetesResources(ApiTypes.FLINK_STATE_SNAPSHOT)
                                .inNamespace(owner.namespace())
                                .withLabel(ChildLabels.PARENT, owner.name())
                                .delete());
        traffic.delete(owner);
        if (gatewayApi) {
            routes.delete(owner);
        }
        deleteGateConfigMap(owner);
    }

    private void deleteGateConfigMap(Owner owner) {
        Writes.guarded(
                "gate ConfigMap of " + owner.name(),
                () ->
                        client.configMaps()
                                .inNamespace(owner.namespace())
                                .withName(ResourceNames.gateConfigMap(owner.name()))
                                .delete());
    }
}
