package dev.bluegreen.operator.apply;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildBackend;
import dev.bluegreen.ingress.IngressSpec;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.ingress.ParentIngress;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.ingress.RestPort;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Points the parent Ingress ({@code networking.k8s.io/v1}) at a child, creating or updating it from
 * {@code spec.ingress}, or deleting it when {@code spec.ingress} is gone. A write happens only when
 * the live Ingress differs from the desired one; labels and annotations others added stay.
 */
final class TrafficWriter {
    private final KubernetesClient client;

    TrafficWriter(KubernetesClient client) {
        this.client = client;
    }

    void switchTo(Owner owner, FlinkBlueGreenDeploymentSpec spec, Color color) {
        var ingresses = client.network().v1().ingresses().inNamespace(owner.namespace());
        String name = ResourceNames.parentIngress(owner.name());
        Ingress live = ingresses.withName(name).get();
        if (spec.getIngress() == null) {
            if (live != null) {
                Writes.guarded("Ingress " + name, () -> ingresses.withName(name).delete());
            }
            return;
        }
        Ingress desired = ParentIngress.v1(ingressSpec(spec), owner, backend(spec, color));
        if (live == null) {
            Writes.guarded("Ingress " + name, () -> ingresses.resource(desired).create());
        } else if (!sameAsLive(live, desired)) {
            Ingress merged = merged(live, desired);
            Writes.guarded("Ingress " + name, () -> ingresses.resource(merged).update());
        }
    }

    void delete(Owner owner) {
        var ingress =
                client.network()
                        .v1()
                        .ingresses()
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

    private static ChildBackend backend(FlinkBlueGreenDeploymentSpec spec, Color color) {
        Map<String, String> config = new TreeMap<>();
        JsonNode flinkConfiguration =
                spec.getTemplate() == null || spec.getTemplate().getSpec() == null
                        ? null
                        : spec.getTemplate().getSpec().get("flinkConfiguration");
        JsonNode port = flinkConfiguration == null ? null : flinkConfiguration.get(RestPort.KEY);
        if (port == null && flinkConfiguration != null) {
            port = flinkConfiguration.path("rest").get("port");
        }
        if (port != null && port.isValueNode()) {
            config.put(RestPort.KEY, port.asText());
        }
        return new ChildBackend(color, RestPort.fromFlinkConfiguration(config));
    }

    private static boolean sameAsLive(Ingress live, Ingress desired) {
        var a = live.getMetadata();
        var b = desired.getMetadata();
        return Objects.equals(live.getSpec(), desired.getSpec())
                && containsAll(a.getLabels(), b.getLabels())
                && containsAll(a.getAnnotations(), b.getAnnotations())
                && Objects.equals(a.getOwnerReferences(), b.getOwnerReferences());
    }

    private static boolean containsAll(Map<String, String> live, Map<String, String> ours) {
        return (live == null ? Map.of() : live).entrySet().containsAll(ours.entrySet());
    }

    private static Ingress merged(Ingress live, Ingress desired) {
        var meta = desired.getMetadata();
        Map<String, String> labels = new TreeMap<>(orEmpty(live.getMetadata().getLabels()));
        labels.putAll(meta.getLabels());
        Map<String, String> annotations =
                new TreeMap<>(orEmpty(live.getMetadata().getAnnotations()));
        annotations.putAll(meta.getAnnotations());
        return desired.toBuilder()
                .editMetadata()
                .withLabels(labels)
                .withAnnotations(annotations)
                .withResourceVersion(live.getMetadata().getResourceVersion())
                .endMetadata()
                .build();
    }

    private static Map<String, String> orEmpty(Map<String, String> map) {
        return map == null ? Map.of() : map;
    }
}
