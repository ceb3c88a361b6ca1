package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.core.Color;
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
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Points the parent Ingress ({@code networking.k8s.io/v1}, or {@code v1beta1} on servers older than
 * 1.19) at a child, creating or updating it from {@code spec.ingress}, or deleting it when {@code
 * spec.ingress} is gone. A write happens only when the live Ingress differs from the desired one;
 * labels and annotations others added stay.
 */
final class TrafficWriter {
    private final KubernetesClient client;
    private final IngressApiVersion version;

    TrafficWriter(KubernetesClient client, IngressApiVersion version) {
        this.client = client;
        this.version = version;
    }

    void switchTo(Owner owner, ChildNames names, FlinkBlueGreenDeploymentSpec spec, Color color) {
        var ingresses =
                client.resources(IngressApi.ingressClass(version)).inNamespace(owner.namespace());
        String name = ResourceNames.parentIngress(owner.name());
        HasMetadata live = ingresses.withName(name).get();
        if (spec.getIngress() == null) {
            if (live != null) {
                Writes.guarded("Ingress " + name, () -> ingresses.withName(name).delete());
            }
            return;
        }
        HasMetadata desired =
                ParentIngress.desired(
                        version, ingressSpec(spec), owner, RestBackends.of(spec, names, color));
        if (live == null) {
            Writes.guarded("Ingress " + name, () -> client.resource(desired).create());
        } else if (!sameAsLive(live, desired)) {
            HasMetadata merged = merged(live, desired);
            Writes.guarded("Ingress " + name, () -> client.resource(merged).update());
        }
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
        return Objects.equals(specTree(live), specTree(desired))
                && containsAll(a.getLabels(), b.getLabels())
                && containsAll(a.getAnnotations(), b.getAnnotations())
                && Objects.equals(a.getOwnerReferences(), b.getOwnerReferences());
    }

    private JsonNode specTree(HasMetadata ingress) {
        return client.getKubernetesSerialization()
                .convertValue(ingress, JsonNode.class)
                .path("spec");
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
