package dev.bluegreen.ingress;

import java.util.List;
import java.util.Map;

/** Shared inputs for the parent ingress and HTTPRoute tests. */
final class Fixtures {

    static final String UID = "3f1c2a9e-0000-4000-8000-000000000001";

    private Fixtures() {}

    static Owner owner(String name) {
        return new Owner("bluegreen.dev/v1alpha1", "FlinkBlueGreenDeployment", "prod", name, UID);
    }

    static IngressSpec fullSpec(String template) {
        return new IngressSpec(
                template,
                "nginx",
                Map.of("nginx.ingress.kubernetes.io/rewrite-target", "/$2"),
                Map.of("team", "payments"),
                List.of(new IngressSpec.Tls(List.of("flink.example.com"), "flink-tls")));
    }
}
