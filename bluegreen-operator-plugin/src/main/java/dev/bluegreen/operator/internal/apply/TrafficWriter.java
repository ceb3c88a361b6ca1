package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildBackend;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.ingress.IngressSpec;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.ingress.ParentIngress;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.spec.IngressApi;
import dev.bluegreen.operator.internal.spec.RestBackends;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Points the parent Ingress ({@code networking.k8s.io/v1}, or {@code v1beta1} on servers older than
 * 1.19) at a child, creating or updating it from {@code spec.ingress}, or deleting it when {@code
 * spec.ingress} is gone; outside a switch, converges it from the informer's cached copy. A write
 * happens only when the live Ingress differs from the desired one (fields the API server defaulted
 * are not differences); labels and annotations others added stay.
 */
final class TrafficWriter {
    private final KubernetesClient client;
    private final IngressApiVersion version;

    TrafficWriter(KubernetesClient client, IngressApiVersion version) {
        this.client = client;
        this.version = version;
    }

    /**
     * Points the Ingress at {@code color} at a traffic switch, from a fresh GET; deletes it when
     * {@code spec.ingress} is gone.
     *
     * @return the Ingress as written, or {@code null} when nothing was created or updated
     */
    HasMetadata switchTo(
            Owner owner, ChildNames names, FlinkBlueGreenDeploymentSpec spec, Color color) {
        String name = ResourceNames.parentIngress(owner.name());
        var ingress =
                client.resources(IngressApi.ingressClass(version))
                        .inNamespace(owner.namespace())
                        .withName(name);
        HasMetadata live = ingress.get();
        if (spec.getIngress() != null) {
            return write(live, desired(owner, names, spec, color));
        }
        if (live != null) {
            Writes.guarded("Ingress " + name, () -> ingress.delete());
        }
        return null;
    }

    /**
     * Points the Ingress at {@code color} outside a switch (to undo an edit made by hand, or to
     * recreate it), starting from {@code live} as the informer cache holds it, so that an Ingress
     * as it should be costs no request. Never deletes. An Ingress {@code check} found as it should
     * be, at the same version and from the same inputs, is not built and compared again.
     *
     * @param color the colour traffic points at, or {@code null}: nothing serves yet, nothing to do
     * @param check what the last convergence of this parent's Ingress found, or {@code null}
     * @return the Ingress as written, or {@code null} when nothing was created or updated
     */
    HasMetadata converge(
            Owner owner,
            ChildNames names,
            FlinkBlueGreenDeploymentSpec spec,
            Color color,
            HasMetadata live,
            IngressCheck check) {
        if (spec.getIngress() == null || color == null) {
            return null;
        }
        var inputs = inputs(owner, names, spec, color);
        if (check != null && check.asItShouldBe(live, inputs)) {
            return null;
        }
        HasMetadata written = write(live, inputs.desired(version));
        if (check != null) {
            check.found(written == null ? live : written, inputs);
        }
        return written;
    }

    /** What the desired Ingress is built from (a value: equal inputs build equal Ingresses). */
    private record Inputs(IngressSpec spec, Owner owner, ChildBackend backend) {
        HasMetadata desired(IngressApiVersion version) {
            return ParentIngress.desired(version, spec, owner, backend);
        }
    }

    private static Inputs inputs(
            Owner owner, ChildNames names, FlinkBlueGreenDeploymentSpec spec, Color color) {
        return new Inputs(ingressSpec(spec), owner, RestBackends.of(spec, names, color));
    }

    private HasMetadata desired(
            Owner owner, ChildNames names, FlinkBlueGreenDeploymentSpec spec, Color color) {
        return inputs(owner, names, spec, color).desired(version);
    }

    /**
     * Creates {@code desired}, or PUTs it over {@code live} when they differ. A create answered 409
     * (the cache had not seen the Ingress yet, or it lacks our label) reads the live one and goes
     * on from it.
     */
    private HasMetadata write(HasMetadata live, HasMetadata desired) {
        String what = "Ingress " + desired.getMetadata().getName();
        if (live == null) {
            return Writes.create(client, what, desired, existing -> write(existing, desired));
        }
        if (sameAsLive(live, desired)) {
            return null;
        }
        HasMetadata merged = merged(live, desired);
        return Writes.guarded(what, () -> client.resource(merged).update());
    }

    void delete(Owner owner) {
        var ingress =
                client.resources(IngressApi.ingressClass(version))
                        .inNamespace(owner.namespace())
                        .withName(ResourceNames.parentIngress(owner.name()));
        Writes.guarded("Ingress " + owner.name(), () -> ingress.delete());
    }

    static IngressSpec ingressSpec(FlinkBlueGreenDeploymentSpec spec) {
        var in = spec.getIngress();
        List<IngressSpec.Tls> tls =
                in.getTls() == null
                        ? List.of()
                        : in.getTls().stream()
                                .map(t -> new IngressSpec.Tls(t.getHosts(), t.getSecretName()))
                                .toList();
        return new IngressSpec(
                in.getTemplate(), in.getClassName(), in.getAnnotations(), in.getLabels(), tls);
    }

    private boolean sameAsLive(HasMetadata live, HasMetadata desired) {
        var a = live.getMetadata();
        var b = desired.getMetadata();
        return containsAll(a.getLabels(), b.getLabels())
                && containsAll(a.getAnnotations(), b.getAnnotations())
                && Objects.equals(a.getOwnerReferences(), b.getOwnerReferences())
                && sameSpec(live, desired);
    }

    /**
     * Whether the live Ingress's spec holds the desired one: equal as typed objects (no JSON
     * conversion), else every desired field in the live one's tree (the API server may have added
     * defaults).
     */
    private boolean sameSpec(HasMetadata live, HasMetadata desired) {
        Object liveSpec = typedSpec(live);
        return liveSpec != null && liveSpec.equals(typedSpec(desired))
                || RouteWriter.contains(specTree(live), specTree(desired));
    }

    /** The spec of a typed Ingress; {@code null} for another class or without a spec. */
    private static Object typedSpec(HasMetadata ingress) {
        if (ingress instanceof io.fabric8.kubernetes.api.model.networking.v1.Ingress v1) {
            return v1.getSpec();
        }
        if (ingress instanceof io.fabric8.kubernetes.api.model.networking.v1beta1.Ingress beta) {
            return beta.getSpec();
        }
        return null;
    }

    /**
     * The Ingress's {@code spec} as a tree, as {@code path("spec")} of the whole object gives it;
     * of a typed Ingress only the spec is converted (not the cached copy's metadata and managed
     * fields: the whole object cost most of a full decision's CPU).
     */
    private JsonNode specTree(HasMetadata ingress) {
        var serialization = client.getKubernetesSerialization();
        boolean typed =
                ingress instanceof io.fabric8.kubernetes.api.model.networking.v1.Ingress
                        || ingress
                                instanceof
                                io.fabric8.kubernetes.api.model.networking.v1beta1.Ingress;
        if (!typed) {
            return serialization.convertValue(ingress, JsonNode.class).path("spec");
        }
        Object spec = typedSpec(ingress);
        return spec == null
                ? MissingNode.getInstance()
                : serialization.convertValue(spec, JsonNode.class);
    }

    private static boolean containsAll(Map<String, String> live, Map<String, String> ours) {
        return (live == null ? Map.of() : live).entrySet().containsAll(ours.entrySet());
    }

    private HasMetadata merged(HasMetadata live, HasMetadata desired) {
        return mergedOver(client, live, desired);
    }

    /**
     * {@code desired} ready to PUT over {@code live}: live's labels and annotations kept under ours
     * (other tools may add their own), and live's resourceVersion for optimistic locking. Shared by
     * the parent Ingress and the parent HTTPRoute.
     */
    static <T extends HasMetadata> T mergedOver(KubernetesClient client, T live, T desired) {
        T merged = client.getKubernetesSerialization().clone(desired);
        var meta = merged.getMetadata();
        Map<String, String> labels = new TreeMap<>(orEmpty(live.getMetadata().getLabels()));
        labels.putAll(meta.getLabels());
        Map<String, String> annotations =
                new TreeMap<>(orEmpty(live.getMetadata().getAnnotations()));
        annotations.putAll(meta.getAnnotations());
        meta.setLabels(labels);
        meta.setAnnotations(annotations);
        meta.setResourceVersion(live.getMetadata().getResourceVersion());
        return merged;
    }

    private static Map<String, String> orEmpty(Map<String, String> map) {
        return map == null ? Map.of() : map;
    }
}
