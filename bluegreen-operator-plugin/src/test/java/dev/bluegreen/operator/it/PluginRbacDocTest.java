package dev.bluegreen.operator.it;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The plugin's RBAC table in docs/operations.md, read as rules and applied to kubectl's requests.
 */
class PluginRbacDocTest {
    static final String PARENTS =
            "/apis/bluegreen.dev/v1alpha1/namespaces/default/flinkbluegreendeployments";
    static final String CHILDREN =
            "/apis/flink.apache.org/v1beta1/namespaces/default/flinkdeployments";

    static boolean allowed(Rbac rbac, String method, String path) {
        return rbac.allows(Rbac.access(method, path), Rbac.namespace(path));
    }

    @Test
    void selectorReadsNeedListAndTheDocGrantsIt() {
        Rbac doc = PluginRbacDoc.fromOperationsDoc();

        assertThat(allowed(doc, "GET", CHILDREN + "?labelSelector=bluegreen.dev%2Fparent%3Dorders"))
                .isTrue();
        assertThat(allowed(doc, "GET", "/api/v1/namespaces/default/events?fieldSelector=x"))
                .isTrue();
        assertThat(allowed(doc, "GET", "/api/v1/namespaces/default/configmaps?labelSelector=x"))
                .isTrue();
        assertThat(allowed(doc, "GET", PARENTS + "/orders")).isTrue();
        assertThat(allowed(doc, "PATCH", PARENTS + "/orders")).isTrue();
        assertThat(allowed(doc, "GET", "/openapi/v3/apis/bluegreen.dev/v1alpha1")).isTrue();
    }

    @Test
    void theDocGrantsNoWriteOnChildrenAndNoClusterWideDelete() {
        Rbac doc = PluginRbacDoc.fromOperationsDoc();

        assertThat(allowed(doc, "PATCH", CHILDREN + "/orders-blue")).isFalse();
        assertThat(allowed(doc, "DELETE", CHILDREN + "/orders-blue")).isFalse();
        assertThat(allowed(doc, "DELETE", PARENTS)).as("deletecollection").isFalse();
        assertThat(allowed(doc, "GET", "/api/v1/namespaces/default/configmaps/orders-gate"))
                .as("a ConfigMap by name: the plugin reads it by label only")
                .isFalse();
    }

    @Test
    void readsEveryRowWithTheCoreGroupAndEachVerb() {
        Rbac rbac =
                PluginRbacDoc.parse(
                        "text\n\n"
                                + PluginRbacDoc.HEADER
                                + "\n|---|---|---|---|\n"
                                + "| `g.io` | `things` | get, list | x |\n"
                                + "| (core) | `events` | list | y |\n\nmore | text\n");

        assertThat(rbac.rules())
                .containsExactly(
                        new Rbac.Rule(
                                java.util.Set.of("g.io"),
                                java.util.Set.of("things"),
                                java.util.Set.of("get", "list")),
                        new Rbac.Rule(
                                java.util.Set.of(""),
                                java.util.Set.of("events"),
                                java.util.Set.of("list")));
    }

    @Test
    void aDocWithoutTheTableOrWithAShortRowIsRefusedByName() {
        assertThatThrownBy(() -> PluginRbacDoc.parse("no table here"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no table with the header");
        assertThatThrownBy(
                        () ->
                                PluginRbacDoc.parse(
                                        PluginRbacDoc.HEADER + "\n|---|\n| `g` | `things` |\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a row needs 4 cells: | `g` | `things` |");
    }

    @Test
    void everyRuleOfTheDocNamesAGroupAResourceAndVerbs() {
        List<Rbac.Rule> rules = PluginRbacDoc.fromOperationsDoc().rules();

        assertThat(rules).isNotEmpty();
        assertThat(rules).allSatisfy(r -> assertThat(r.verbs()).isNotEmpty());
    }
}
