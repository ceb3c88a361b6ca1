package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The OpenAPI v3 documents {@link KubectlApi} serves: {@code kubectl apply} reads them before it
 * writes, to learn whether the server validates fields itself.
 */
final class KubectlOpenApi {
    private KubectlOpenApi() {}

    /**
     * {@code /openapi/v3}: one OpenAPI v3 document per group and version of the stored
     * CustomResourceDefinitions, as a real API server lists them.
     */
    static Map<String, Object> root(List<APIGroup> groups) {
        Map<String, Object> paths = new LinkedHashMap<>();
        for (var group : groups) {
            for (var version : group.getVersions()) {
                String path = "apis/" + version.getGroupVersion();
                paths.put(path, Map.of("serverRelativeURL", "/openapi/v3/" + path));
            }
        }
        return Map.of("paths", paths);
    }

    /**
     * The OpenAPI v3 document of one group and version, reduced to what kubectl reads before it
     * writes: each resource's PATCH operation, its group-version-kind and its {@code
     * fieldValidation} query parameter. From these kubectl learns that the server validates fields
     * itself (as every API server since Kubernetes 1.27 does) and sends {@code
     * fieldValidation=Strict} instead of validating against the schema on the client side. The
     * embedded API accepts the parameter and checks nothing (it has no schema checks).
     */
    static Optional<Object> groupVersion(
            List<CustomResourceDefinition> crds, String group, String version) {
        Map<String, Object> paths = new LinkedHashMap<>();
        for (var crd : crds) {
            var spec = crd.getSpec();
            if (!spec.getGroup().equals(group)
                    || spec.getVersions().stream().noneMatch(v -> v.getName().equals(version))) {
                continue;
            }
            String namespace =
                    "Namespaced".equals(spec.getScope()) ? "namespaces/{namespace}/" : "";
            var patch =
                    Map.of(
                            "x-kubernetes-group-version-kind",
                            Map.of(
                                    "group", group,
                                    "version", version,
                                    "kind", spec.getNames().getKind()),
                            "parameters",
                            List.of(
                                    Map.of(
                                            "name", "fieldValidation",
                                            "in", "query",
                                            "schema", Map.of("type", "string"))),
                            "responses",
                            Map.of());
            paths.put(
                    "/apis/"
                            + group
                            + "/"
                            + version
                            + "/"
                            + namespace
                            + spec.getNames().getPlural()
                            + "/{name}",
                    Map.of("patch", patch));
        }
        if (paths.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                Map.of(
                        "openapi",
                        "3.0.0",
                        "info",
                        Map.of("title", "Kubernetes", "version", "embedded"),
                        "paths",
                        paths));
    }
}
