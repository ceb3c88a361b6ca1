package dev.bluegreen.operator.it;

import dev.bluegreen.operator.internal.apply.InstalledCrds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

import static dev.bluegreen.operator.it.InstallBase.only;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code kubectl kustomize docs/deploy-namespaced} (the real kubectl) renders the namespaced
 * install: the controller watches the listed namespaces, each of them holds its Role and
 * RoleBinding with exactly the namespaced rules of the base's ClusterRole, and the only
 * cluster-wide rule left reads the three CRDs the controller reads. Copies of the overlay with a
 * cluster-wide ConfigMap write or a watched namespace without its folder are rendered too, and must
 * fail the checks.
 */
class NamespacedInstallTest {
    static List<JsonNode> docs;
    static List<JsonNode> base;

    @TempDir Path copy;

    @BeforeAll
    static void render() throws Exception {
        docs = InstallBase.render(InstallBase.NAMESPACED);
        base = InstallBase.render();
    }

    @Test
    void theControllerWatchesTheListedNamespacesEachWithItsRoleAndBinding() {
        assertThat(NamespacedInstall.watched(docs)).containsExactlyInAnyOrder("team-a", "team-b");

        NamespacedInstall.assertEveryWatchedNamespaceHasItsRole(docs);
    }

    @Test
    void grantsNoClusterWideWriteAndNoConfigMapOutsideTheWatchedNamespaces() {
        NamespacedInstall.assertNoClusterWideWrite(docs);
        var rbac = Rbac.fromDocs(docs);

        for (String verb : List.of("get", "create", "update", "patch", "delete")) {
            var configMaps = new Rbac.Access(verb, "", "configmaps");
            assertThat(rbac.allows(configMaps, null)).as("cluster-wide %s", verb).isFalse();
            assertThat(rbac.allows(configMaps, "team-c")).as("%s in team-c", verb).isFalse();
        }
        assertThat(rbac.allows(new Rbac.Access("update", "", "configmaps"), "team-a")).isTrue();
    }

    @Test
    void eachWatchedNamespaceHoldsExactlyTheNamespacedRulesOfTheBase() {
        Set<Rbac.Rule> cluster = rules(Rbac.fromDocs(NamespacedInstall.all(docs, "ClusterRole")));
        Set<Rbac.Rule> baseRules = rules(Rbac.fromProject());

        for (String namespace : NamespacedInstall.watched(docs)) {
            var roles =
                    NamespacedInstall.all(docs, "Role").stream()
                            .filter(r -> r.at("/metadata/namespace").asText().equals(namespace))
                            .toList();
            Set<Rbac.Rule> namespaced = rules(Rbac.fromDocs(roles));
            var together = new HashSet<>(namespaced);
            together.addAll(cluster);

            assertThat(together)
                    .as("rules in %s plus the ClusterRole's", namespace)
                    .isEqualTo(baseRules);
            assertThat(namespaced).as("no rule twice").doesNotContainAnyElementsOf(cluster);
        }
    }

    @Test
    void theCrdReaderReadsOnlyTheCrdsTheControllerReads() {
        JsonNode rule = only(docs, "ClusterRole").at("/rules/0");

        assertThat(rule.path("resourceNames"))
                .extracting(JsonNode::asText)
                .containsExactlyInAnyOrder(
                        InstalledCrds.FLINK_DEPLOYMENT,
                        InstalledCrds.FLINK_STATE_SNAPSHOT,
                        InstalledCrds.HTTP_ROUTE);
        JsonNode binding = only(docs, "ClusterRoleBinding");
        assertThat(binding.at("/roleRef/name").asText())
                .isEqualTo(only(docs, "ClusterRole").at("/metadata/name").asText());
        assertThat(binding.at("/subjects/0/name").asText()).isEqualTo("flink-bluegreen");
    }

    @Test
    void keepsTheRestOfTheBaseAsItIs() {
        for (String kind : List.of("Namespace", "CustomResourceDefinition", "Service")) {
            assertThat(only(docs, kind)).as(kind).isEqualTo(only(base, kind));
        }
        assertThat(only(docs, "ServiceAccount")).isEqualTo(only(base, "ServiceAccount"));
        assertThat(withoutNamespaces(only(docs, "Deployment")))
                .isEqualTo(withoutNamespaces(only(base, "Deployment")));
        assertThat(NamespacedInstall.all(docs, "Role"))
                .as("the Lease's Role")
                .contains(only(base, "Role"));
        assertThat(NamespacedInstall.all(docs, "RoleBinding"))
                .as("the Lease's RoleBinding")
                .contains(only(base, "RoleBinding"));
    }

    @Test
    void failsWhenAWatchedNamespaceLacksItsRoleAndBinding() throws Exception {
        var rendered = renderCopy("kustomization.yaml", k -> k.replace("  - team-b\n", ""));

        assertThatThrownBy(() -> NamespacedInstall.assertEveryWatchedNamespaceHasItsRole(rendered))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("team-b: watched, but no Role");
    }

    @Test
    void failsWhenARoleIsInANamespaceThatIsNotWatched() throws Exception {
        var rendered =
                renderCopy(
                        "kustomization.yaml",
                        k -> k.replace("value: team-a,team-b", "value: team-a"));

        assertThatThrownBy(() -> NamespacedInstall.assertEveryWatchedNamespaceHasItsRole(rendered))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("team-b: a Role, but not watched");
    }

    @Test
    void failsWhenAClusterWideConfigMapWriteAppears() throws Exception {
        var rendered =
                renderCopy(
                        "crd-reader.yaml",
                        r ->
                                r.replace(
                                        "    verbs: [\"get\"]\n",
                                        "    verbs: [\"get\"]\n"
                                                + "  - apiGroups: [\"\"]\n"
                                                + "    resources: [\"configmaps\"]\n"
                                                + "    verbs: [\"create\", \"update\"]\n"));

        assertThatThrownBy(() -> NamespacedInstall.assertNoClusterWideWrite(rendered))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("grants [create, update] on [configmaps]");
    }

    /** Renders a copy of docs/deploy and the overlay, with {@code file} of the overlay edited. */
    private List<JsonNode> renderCopy(String file, UnaryOperator<String> edit) throws Exception {
        copyTree(InstallBase.DIR, copy.resolve("deploy"));
        copyTree(InstallBase.NAMESPACED, copy.resolve("deploy-namespaced"));
        Path edited = copy.resolve("deploy-namespaced").resolve(file);
        String before = Files.readString(edited);
        String after = edit.apply(before);
        assertThat(after).as("the edit of %s applies", file).isNotEqualTo(before);
        Files.writeString(edited, after);
        return InstallBase.render(copy.resolve("deploy-namespaced"));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (var paths = Files.walk(from)) {
            for (Path p : paths.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    private static Set<Rbac.Rule> rules(Rbac rbac) {
        Set<Rbac.Rule> result = new HashSet<>();
        rbac.rules().forEach(r -> result.add(new Rbac.Rule(r.groups(), r.resources(), r.verbs())));
        return result;
    }

    /** The Deployment without its BLUEGREEN_NAMESPACES variable. */
    private static JsonNode withoutNamespaces(JsonNode deployment) {
        JsonNode copy = deployment.deepCopy();
        var env = (ArrayNode) copy.at("/spec/template/spec/containers/0/env");
        for (int i = env.size() - 1; i >= 0; i--) {
            if (env.get(i).path("name").asText().equals("BLUEGREEN_NAMESPACES")) {
                env.remove(i);
            }
        }
        return copy;
    }
}
