package dev.bluegreen.ingress;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A small, independent re-statement of the parts of the Kubernetes schemas the built objects use:
 * field names, types, required fields, enums, name syntax and port ranges. Returns the list of
 * violations (empty = the API server would accept the object's shape). {@link GatewayApiSchema}
 * reuses the walking helpers for HTTPRoute.
 */
final class KubernetesSchema {

    private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
    private static final Pattern LABEL_1035 = Pattern.compile("[a-z]([-a-z0-9]{0,61}[a-z0-9])?");
    private static final Set<String> META =
            Set.of("name", "namespace", "labels", "annotations", "ownerReferences");
    private static final Set<String> OWNER_REF =
            Set.of("apiVersion", "kind", "name", "uid", "controller", "blockOwnerDeletion");

    final List<String> errors = new ArrayList<>();

    KubernetesSchema() {}

    static boolean isSubdomain(String s) {
        if (s.isEmpty() || s.length() > 253) {
            return false;
        }
        for (String label : s.split("\\.", -1)) {
            if (!LABEL.matcher(label).matches()) {
                return false;
            }
        }
        return true;
    }

    /**
     * A Kubernetes object name (DNS-1123 subdomain as the API server checks it: no label limit).
     */
    static boolean isObjectName(String s) {
        return s.length() <= 253
                && s.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    }

    static boolean isDns1035Label(String s) {
        return LABEL_1035.matcher(s).matches();
    }

    static boolean isDns1123Label(String s) {
        return LABEL.matcher(s).matches();
    }

    /** An Ingress host: subdomain, optional "*." wildcard, not an IP address. */
    static boolean isIngressHost(String host) {
        String rest = host.startsWith("*.") ? host.substring(2) : host;
        return isSubdomain(rest) && !rest.matches("[0-9.]+");
    }

    static List<String> ingressV1(JsonNode root) {
        KubernetesSchema s = new KubernetesSchema();
        s.header(root, "networking.k8s.io/v1", "Ingress");
        JsonNode spec =
                s.object(
                        root, "spec", Set.of("ingressClassName", "rules", "tls", "defaultBackend"));
        s.optionalString(spec, "ingressClassName");
        s.tls(spec);
        for (JsonNode rule : s.array(spec, "rules", true)) {
            s.host(rule);
            JsonNode http = s.object(rule, "http", Set.of("paths"));
            for (JsonNode path : s.array(http, "paths", true)) {
                s.keys(path, Set.of("path", "pathType", "backend"), "path");
                String type = s.requiredString(path, "pathType");
                if (!Set.of("Exact", "Prefix", "ImplementationSpecific").contains(type)) {
                    s.errors.add("pathType not in enum: " + type);
                }
                s.path(path, !"ImplementationSpecific".equals(type));
                JsonNode backend = s.object(path, "backend", Set.of("service", "resource"));
                JsonNode service = s.object(backend, "service", Set.of("name", "port"));
                s.serviceName(s.requiredString(service, "name"));
                JsonNode port = s.object(service, "port", Set.of("name", "number"));
                s.port(port.get("number"));
            }
        }
        return s.errors;
    }

    static List<String> ingressV1beta1(JsonNode root) {
        KubernetesSchema s = new KubernetesSchema();
        s.header(root, "networking.k8s.io/v1beta1", "Ingress");
        JsonNode spec =
                s.object(root, "spec", Set.of("ingressClassName", "rules", "tls", "backend"));
        s.tls(spec);
        for (JsonNode rule : s.array(spec, "rules", true)) {
            s.host(rule);
            JsonNode http = s.object(rule, "http", Set.of("paths"));
            for (JsonNode path : s.array(http, "paths", true)) {
                s.keys(path, Set.of("path", "pathType", "backend"), "path");
                s.path(path, false);
                JsonNode backend =
                        s.object(path, "backend", Set.of("serviceName", "servicePort", "resource"));
                s.serviceName(s.requiredString(backend, "serviceName"));
                s.port(backend.get("servicePort"));
            }
        }
        return s.errors;
    }

    void header(JsonNode root, String apiVersion, String kind) {
        keys(root, Set.of("apiVersion", "kind", "metadata", "spec"), "root");
        if (!apiVersion.equals(root.path("apiVersion").asText())) {
            errors.add("apiVersion " + root.get("apiVersion") + " != " + apiVersion);
        }
        if (!kind.equals(root.path("kind").asText())) {
            errors.add("kind " + root.get("kind") + " != " + kind);
        }
        JsonNode meta = object(root, "metadata", META);
        if (!isObjectName(requiredString(meta, "name"))) {
            errors.add("metadata.name is not a DNS-1123 subdomain: " + meta.get("name"));
        }
        if (!isDns1123Label(requiredString(meta, "namespace"))) {
            errors.add("metadata.namespace is not a DNS-1123 label: " + meta.get("namespace"));
        }
        stringMap(meta, "labels");
        stringMap(meta, "annotations");
        for (JsonNode ref : array(meta, "ownerReferences", false)) {
            keys(ref, OWNER_REF, "ownerReference");
            for (String f : List.of("apiVersion", "kind", "name", "uid")) {
                requiredString(ref, f);
            }
            for (String f : List.of("controller", "blockOwnerDeletion")) {
                if (ref.has(f) && !ref.get(f).isBoolean()) {
                    errors.add("ownerReference." + f + " is not a boolean");
                }
            }
        }
    }

    void tls(JsonNode spec) {
        for (JsonNode tls : array(spec, "tls", false)) {
            keys(tls, Set.of("hosts", "secretName"), "tls");
            array(tls, "hosts", false)
                    .forEach(
                            h -> {
                                if (!h.isTextual()) {
                                    errors.add("tls host not a string: " + h);
                                }
                            });
            optionalString(tls, "secretName");
        }
    }

    void host(JsonNode rule) {
        keys(rule, Set.of("host", "http"), "rule");
        if (rule.has("host") && !isIngressHost(requiredString(rule, "host"))) {
            errors.add("invalid rule host " + rule.get("host"));
        }
    }

    void path(JsonNode path, boolean required) {
        if (!path.has("path")) {
            if (required) {
                errors.add("path is required for this pathType");
            }
            return;
        }
        if (!requiredString(path, "path").startsWith("/")) {
            errors.add("path must start with '/': " + path.get("path"));
        }
    }

    void serviceName(String name) {
        if (!isDns1035Label(name)) {
            errors.add("service name is not a DNS-1035 label: " + name);
        }
    }

    void port(JsonNode port) {
        if (port == null || !port.isInt() || port.asInt() < 1 || port.asInt() > 65535) {
            errors.add("port is not an integer in 1..65535: " + port);
        }
    }

    void stringMap(JsonNode parent, String field) {
        JsonNode map = parent.get(field);
        if (map == null) {
            return;
        }
        if (!map.isObject()) {
            errors.add(field + " is not a map");
            return;
        }
        map.properties()
                .forEach(
                        e -> {
                            if (!e.getValue().isTextual()) {
                                errors.add(field + "." + e.getKey() + " is not a string");
                            }
                        });
    }

    JsonNode object(JsonNode parent, String field, Set<String> allowed) {
        JsonNode node = parent.get(field);
        if (node == null || !node.isObject()) {
            errors.add(field + " is missing or not an object");
            return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        }
        keys(node, allowed, field);
        return node;
    }

    Iterable<JsonNode> array(JsonNode parent, String field, boolean required) {
        JsonNode node = parent.get(field);
        if (node == null) {
            if (required) {
                errors.add(field + " is required");
            }
            return List.of();
        }
        if (!node.isArray() || (required && node.isEmpty())) {
            errors.add(field + " is not a non-empty array");
            return List.of();
        }
        return node;
    }

    void keys(JsonNode node, Set<String> allowed, String where) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!allowed.contains(key)) {
                errors.add("unknown field " + where + "." + key);
            }
        }
    }

    String requiredString(JsonNode parent, String field) {
        JsonNode node = parent.get(field);
        if (node == null || !node.isTextual() || node.asText().isEmpty()) {
            errors.add(field + " is missing or not a non-empty string");
            return "";
        }
        return node.asText();
    }

    void optionalString(JsonNode parent, String field) {
        if (parent.has(field) && !parent.get(field).isTextual()) {
            errors.add(field + " is not a string");
        }
    }
}
