package dev.bluegreen.ingress;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Set;

/** The Gateway API {@code HTTPRoute} (v1) counterpart of {@link KubernetesSchema}. */
final class GatewayApiSchema {

    private GatewayApiSchema() {}

    static List<String> httpRouteV1(JsonNode root) {
        KubernetesSchema s = new KubernetesSchema();
        s.header(root, "gateway.networking.k8s.io/v1", "HTTPRoute");
        JsonNode spec = s.object(root, "spec", Set.of("parentRefs", "hostnames", "rules"));
        for (JsonNode ref : s.array(spec, "parentRefs", true)) {
            s.keys(
                    ref,
                    Set.of("group", "kind", "name", "namespace", "sectionName", "port"),
                    "parentRef");
            s.requiredString(ref, "name");
        }
        for (JsonNode host : s.array(spec, "hostnames", false)) {
            if (!KubernetesSchema.isIngressHost(host.asText())) {
                s.errors.add("invalid hostname " + host);
            }
        }
        for (JsonNode rule : s.array(spec, "rules", true)) {
            s.keys(rule, Set.of("matches", "filters", "backendRefs"), "rule");
            for (JsonNode match : s.array(rule, "matches", false)) {
                routeMatch(s, match);
            }
            for (JsonNode filter : s.array(rule, "filters", false)) {
                String type = s.requiredString(filter, "type");
                if (!Set.of(
                                "RequestHeaderModifier",
                                "ResponseHeaderModifier",
                                "RequestMirror",
                                "RequestRedirect",
                                "URLRewrite",
                                "ExtensionRef")
                        .contains(type)) {
                    s.errors.add("filter type not in enum: " + type);
                }
            }
            for (JsonNode ref : s.array(rule, "backendRefs", true)) {
                s.keys(
                        ref,
                        Set.of("group", "kind", "name", "namespace", "port", "weight", "filters"),
                        "backendRef");
                s.serviceName(s.requiredString(ref, "name"));
                s.port(ref.get("port"));
                int weight = ref.path("weight").asInt(-1);
                if (!ref.path("weight").isInt() || weight < 0 || weight > 1_000_000) {
                    s.errors.add("weight not an integer in 0..1000000: " + ref.get("weight"));
                }
            }
        }
        return s.errors;
    }

    private static void routeMatch(KubernetesSchema s, JsonNode match) {
        s.keys(match, Set.of("path", "headers", "queryParams", "method"), "match");
        if (match.has("path")) {
            JsonNode path = s.object(match, "path", Set.of("type", "value"));
            if (!Set.of("Exact", "PathPrefix", "RegularExpression")
                    .contains(s.requiredString(path, "type"))) {
                s.errors.add("path match type not in enum: " + path.get("type"));
            }
            if (!s.requiredString(path, "value").startsWith("/")) {
                s.errors.add("path match value must start with '/': " + path.get("value"));
            }
        }
        for (JsonNode header : s.array(match, "headers", false)) {
            s.keys(header, Set.of("name", "type", "value"), "header");
            s.requiredString(header, "name");
            s.requiredString(header, "value");
            if (!Set.of("Exact", "RegularExpression").contains(header.path("type").asText())) {
                s.errors.add("header match type not in enum: " + header.get("type"));
            }
        }
    }
}
