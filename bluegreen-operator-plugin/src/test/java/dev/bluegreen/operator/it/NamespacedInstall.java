package dev.bluegreen.operator.it;

import dev.bluegreen.operator.standalone.ControllerOptions;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static dev.bluegreen.operator.it.InstallBase.only;

/**
 * The least-privilege checks of a rendered namespaced install ({@code docs/deploy-namespaced}):
 * which namespaces its controller watches, that no ClusterRole grants more than reading
 * cluster-scoped objects, and that each watched namespace holds the controller's Role and a
 * RoleBinding of it to the Deployment's service account. Each check throws an {@link
 * AssertionError} naming what is wrong.
 */
final class NamespacedInstall {
    /** The verbs a ClusterRole of the namespaced install may grant. */
    static final Set<String> READ_VERBS = Set.of("get", "list", "watch");

    /** The only resource a ClusterRole of the namespaced install may name. */
    static final String CLUSTER_SCOPED = "customresourcedefinitions";

    private NamespacedInstall() {}

    /** The namespaces the Deployment watches, parsed from its env as the controller parses it. */
    static Set<String> watched(List<JsonNode> docs) {
        JsonNode container = only(docs, "Deployment").at("/spec/template/spec/containers/0");
        Map<String, String> env = new LinkedHashMap<>();
        container
                .path("env")
                .forEach(
                        e ->
                                env.put(
                                        e.path("name").asText(),
                                        e.has("valueFrom") ? "pod-1" : e.path("value").asText()));
        List<String> args = new ArrayList<>();
        container.path("args").forEach(a -> args.add(a.asText()));
        args.addAll(List.of("--lease-namespace", "flink-bluegreen"));
        return ControllerOptions.parse(args, env, Path.of("/nonexistent"), () -> "host")
                .namespaces();
    }

    /** Throws naming every ClusterRole rule that grants a write or names a namespaced resource. */
    static void assertNoClusterWideWrite(List<JsonNode> docs) {
        List<String> problems = new ArrayList<>();
        for (JsonNode role : all(docs, "ClusterRole")) {
            for (JsonNode rule : role.path("rules")) {
                Set<String> verbs = strings(rule.path("verbs"));
                Set<String> resources = strings(rule.path("resources"));
                if (!READ_VERBS.containsAll(verbs) || !Set.of(CLUSTER_SCOPED).equals(resources)) {
                    problems.add(
                            "ClusterRole "
                                    + role.at("/metadata/name").asText()
                                    + " grants "
                                    + verbs
                                    + " on "
                                    + resources
                                    + " in every namespace");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new AssertionError("cluster-wide rights beyond reading CRDs: " + problems);
        }
    }

    /**
     * Throws naming each watched namespace without the controller's Role or without a RoleBinding
     * of that Role to the Deployment's service account, and each such Role in a namespace that is
     * not watched.
     */
    static void assertEveryWatchedNamespaceHasItsRole(List<JsonNode> docs) {
        Set<String> watched = watched(docs);
        if (watched.isEmpty()) {
            throw new AssertionError("the Deployment watches all namespaces");
        }
        JsonNode deployment = only(docs, "Deployment");
        String controllerNamespace = deployment.at("/metadata/namespace").asText();
        String account = deployment.at("/spec/template/spec/serviceAccountName").asText();
        Set<String> withRole = new TreeSet<>();
        List<String> problems = new ArrayList<>();
        for (JsonNode role : all(docs, "Role")) {
            String namespace = role.at("/metadata/namespace").asText();
            if (namespace.equals(controllerNamespace) && !watched.contains(namespace)) {
                continue; // the Lease's Role
            }
            withRole.add(namespace);
            if (!bound(docs, role, account, controllerNamespace)) {
                problems.add(namespace + ": Role " + name(role) + " not bound to " + account);
            }
        }
        for (String namespace : watched) {
            if (!withRole.contains(namespace)) {
                problems.add(namespace + ": watched, but no Role");
            }
        }
        for (String namespace : withRole) {
            if (!watched.contains(namespace)) {
                problems.add(namespace + ": a Role, but not watched");
            }
        }
        if (!problems.isEmpty()) {
            throw new AssertionError("watched namespaces " + watched + ": " + problems);
        }
    }

    /** The rendered objects of {@code kind}. */
    static List<JsonNode> all(List<JsonNode> docs, String kind) {
        return docs.stream().filter(d -> kind.equals(d.path("kind").asText())).toList();
    }

    private static boolean bound(
            List<JsonNode> docs, JsonNode role, String account, String accountNamespace) {
        String namespace = role.at("/metadata/namespace").asText();
        for (JsonNode binding : all(docs, "RoleBinding")) {
            boolean refersToRole =
                    binding.at("/metadata/namespace").asText().equals(namespace)
                            && binding.at("/roleRef/kind").asText().equals("Role")
                            && binding.at("/roleRef/name").asText().equals(name(role));
            for (JsonNode subject : binding.path("subjects")) {
                if (refersToRole
                        && subject.path("kind").asText().equals("ServiceAccount")
                        && subject.path("name").asText().equals(account)
                        && subject.path("namespace").asText().equals(accountNamespace)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String name(JsonNode object) {
        return object.at("/metadata/name").asText();
    }

    private static Set<String> strings(JsonNode array) {
        Set<String> result = new TreeSet<>();
        array.forEach(n -> result.add(n.asText()));
        return result;
    }
}
