package dev.bluegreen.demo.cluster;

import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPath;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressRule;

import java.util.Objects;
import java.util.Optional;

/** Reads where a parent Ingress sends traffic. */
final class ParentIngressBackend {
    private ParentIngressBackend() {}

    /** The service name of the Ingress's first path backend, or empty when it has none. */
    static String of(Ingress ingress) {
        return firstPath(ingress)
                .map(HTTPIngressPath::getBackend)
                .flatMap(b -> Optional.ofNullable(b.getService()))
                .map(s -> s.getName() == null ? "" : s.getName())
                .orElse("");
    }

    private static Optional<HTTPIngressPath> firstPath(Ingress ingress) {
        return Optional.ofNullable(ingress.getSpec())
                .flatMap(spec -> Optional.ofNullable(spec.getRules()))
                .flatMap(
                        rules ->
                                rules.stream()
                                        .map(IngressRule::getHttp)
                                        .filter(Objects::nonNull)
                                        .findFirst())
                .flatMap(http -> Optional.ofNullable(http.getPaths()))
                .flatMap(p -> p.stream().findFirst());
    }
}
