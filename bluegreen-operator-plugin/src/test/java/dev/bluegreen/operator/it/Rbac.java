package dev.bluegreen.operator.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rules of the ClusterRole in {@code docs/deploy/rbac.yaml} (or of the ClusterRoles and Roles
 * of rendered manifests), and the check that recorded requests stay inside them: each request
 * becomes (verb, API group, resource[/subresource]) as the API server's authorizer sees it, in the
 * namespace of its path.
 */
record Rbac(List<Rule> rules) {
    /** A rule; {@code namespace} is null for a ClusterRole's (every namespace). */
    record Rule(Set<String> groups, Set<String> resources, Set<String> verbs, String namespace) {
        Rule(Set<String> groups, Set<String> resources, Set<String> verbs) {
            this(groups, resources, verbs, null);
        }
    }

    record Access(String verb, String group, String resource) {
        @Override
        public String toString() {
            return verb + " " + (group.isEmpty() ? "core" : group) + "/" + resource;
        }
    }

    static Path file() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("bluegreen-core"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("project root not found");
        }
        return dir.resolve("docs/deploy/rbac.yaml");
    }

    static Rbac fromProject() {
        var yaml = new ObjectMapper(new YAMLFactory());
        try (var parser = yaml.getFactory().createParser(file().toFile())) {
            var docs = yaml.readValues(parser, JsonNode.class).readAll();
            return new Rbac(rules(docs, "ClusterRole"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The rules of every ClusterRole and Role in {@code docs} (e.g. a rendered install base). */
    static Rbac fromDocs(List<JsonNode> docs) {
        List<Rule> rules = new ArrayList<>(rules(docs, "ClusterRole"));
        rules.addAll(rules(docs, "Role"));
        return new Rbac(rules);
    }

    private static List<Rule> rules(List<JsonNode> docs, String kind) {
        List<Rule> rules = new ArrayList<>();
        for (JsonNode doc : docs) {
            if (kind.equals(doc.path("kind").asText())) {
                String namespace =
                        kind.equals("Role") ? doc.at("/metadata/namespace").asText() : null;
                doc.path("rules")
                        .forEach(
                                r ->
                                        rules.add(
                                                new Rule(
                                                        strings(r.path("apiGroups")),
                                                        strings(r.path("resources")),
                                                        strings(r.path("verbs")),
                                                        namespace)));
            }
        }
        return rules;
    }

    private static Set<String> strings(JsonNode array) {
        Set<String> result = new TreeSet<>();
        array.forEach(n -> result.add(n.asText()));
        return result;
    }

    boolean allows(Access access) {
        return allows(access, null);
    }

    /** Whether the rules allow {@code access} in {@code namespace} (null: cluster-scoped). */
    boolean allows(Access access, String namespace) {
        if (access.group().equals("authorization.k8s.io")
                && access.resource().startsWith("selfsubject")
                && access.verb().equals("create")) {
            // JOSDK's Lease permission check: Kubernetes' default ClusterRole system:basic-user
            // lets every authenticated user create self-subject reviews
            return true;
        }
        if (access.group().equals("nonResource")) {
            // API discovery (GET /api, /apis/<group>/<version>, /version, and kubectl's
            // /openapi/...) is open to every authenticated user through Kubernetes' default
            // system:discovery ClusterRole
            return access.verb().equals("get")
                    && access.resource()
                            .matches("/(version|api(/v1)?|apis(/[^/]+){0,2}|openapi(/.*)?)");
        }
        return rules.stream()
                .anyMatch(
                        r ->
                                r.groups().contains(access.group())
                                        && r.resources().contains(access.resource())
                                        && r.verbs().contains(access.verb())
                                        && (r.namespace() == null
                                                || r.namespace().equals(namespace)));
    }

    /** The namespace in a request's path, or null for a cluster-scoped request. */
    static String namespace(String pathAndQuery) {
        var m =
                java.util.regex.Pattern.compile("^/apis?/(?:[^/]+/)*?namespaces/([^/?]+)/[^/?]+")
                        .matcher(pathAndQuery);
        return m.find() ? m.group(1) : null;
    }

    /** Throws naming every recorded access the rules do not allow. */
    void assertAllows(Collection<Harness.Call> calls) {
        assertAllows(calls, "the RBAC of docs/deploy");
    }

    /** Throws naming every recorded access the rules (from {@code source}) do not allow. */
    void assertAllows(Collection<Harness.Call> calls, String source) {
        Set<String> denied = new TreeSet<>();
        for (var call : calls) {
            Access access = access(call.method(), call.path());
            if (!allows(access, namespace(call.path()))) {
                denied.add(access + " (" + call + ")");
            }
        }
        if (!denied.isEmpty()) {
            throw new AssertionError("requests not allowed by " + source + ": " + denied);
        }
    }

    /**
     * The access a request needs, e.g. GET /apis/g/v/namespaces/ns/things?watch=true -> watch
     * g/things.
     */
    static Access access(String method, String pathAndQuery) {
        String path = pathAndQuery.split("\\?", 2)[0];
        boolean watch = pathAndQuery.contains("watch=true");
        List<String> parts = new ArrayList<>(List.of(path.replaceFirst("^/", "").split("/")));
        String group;
        if (parts.get(0).equals("api") && parts.size() >= 2) {
            group = "";
            parts = parts.subList(2, parts.size());
        } else if (parts.get(0).equals("apis") && parts.size() >= 3) {
            group = parts.get(1);
            parts = parts.subList(3, parts.size());
        } else {
            return new Access(method.toLowerCase(), "nonResource", path);
        }
        if (parts.size() >= 3 && parts.get(0).equals("namespaces")) {
            // a resource inside a namespace; /api/v1/namespaces/<ns> itself is the namespace
            parts = parts.subList(2, parts.size());
        }
        if (parts.isEmpty()) {
            return new Access(method.toLowerCase(), "nonResource", path);
        }
        String resource = parts.get(0) + (parts.size() > 2 ? "/" + parts.get(2) : "");
        boolean named = parts.size() > 1;
        String verb =
                switch (method) {
                    case "GET" -> watch ? "watch" : named ? "get" : "list";
                    case "POST" -> "create";
                    case "PUT" -> "update";
                    case "PATCH" -> "patch";
                    case "DELETE" -> named ? "delete" : "deletecollection";
                    default -> method.toLowerCase();
                };
        return new Access(verb, group, resource);
    }
}
