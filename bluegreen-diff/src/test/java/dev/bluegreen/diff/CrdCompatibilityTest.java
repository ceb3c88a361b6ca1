package dev.bluegreen.diff;

import dev.bluegreen.diff.internal.JsonPaths;
import dev.bluegreen.diff.internal.SpecNormalizer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every path of the default rules exists in the real upstream CRD schemas, so a renamed upstream
 * field fails this test instead of silently falling to the catch-all rule.
 */
class CrdCompatibilityTest {

    private static final String FLINK_DEPLOYMENT_1_10 =
            "operator-1.10.0-flinkdeployments.flink.apache.org-v1.yml";
    private static final String FLINK_DEPLOYMENT_1_15 =
            "operator-1.15.0-flinkdeployments.flink.apache.org-v1.yml";
    private static final String BLUE_GREEN_1_15 =
            "operator-1.15.0-flinkbluegreendeployments.flink.apache.org-v1.yml";
    private static final String TEMPLATE_SPEC = "template.spec";

    /**
     * Rule paths that older CRDs lack, with the reason; each must be absent there, so this cannot
     * go stale.
     */
    private static final Map<String, String> NEWER_THAN_1_10 =
            Map.of(
                    "template.spec.job.autoscalerResetNonce",
                    "added to JobSpec after operator 1.10");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {FLINK_DEPLOYMENT_1_10, FLINK_DEPLOYMENT_1_15})
    void everyTemplateSpecRulePathExistsInTheFlinkDeploymentCrd(String crd) throws IOException {
        JsonNode spec = specSchema(crd);
        for (DiffRule rule : DiffRules.defaults().rules()) {
            String path = schemaPath(rule);
            if (!path.startsWith(TEMPLATE_SPEC)) {
                continue;
            }
            List<String> relative = JsonPaths.parse(path).subList(2, JsonPaths.parse(path).size());
            boolean exists = find(spec, relative) != null;
            boolean onlyNewer =
                    crd.equals(FLINK_DEPLOYMENT_1_10) && NEWER_THAN_1_10.containsKey(path);
            assertThat(exists).as("%s in %s (%s)", path, crd, rule.note()).isEqualTo(!onlyNewer);
        }
    }

    /**
     * Spec fields of our bluegreen.dev kind that upstream's FlinkBlueGreenDeployment lacks: the
     * parent HTTPRoute. Checked absent upstream, so the day upstream adds one this test says so.
     */
    static final Set<String> OUR_EXTENSIONS = Set.of("httpRoute", "adoptDeployment", "analysis");

    @Test
    void everyRulePathExistsInTheBlueGreenCrdOrIsOneOfOurExtensions() throws IOException {
        JsonNode spec = specSchema(BLUE_GREEN_1_15);
        for (DiffRule rule : DiffRules.defaults().rules()) {
            if (rule.pattern().equals(JsonPaths.WILDCARD)) {
                continue;
            }
            String path = schemaPath(rule);
            boolean ours = OUR_EXTENSIONS.contains(path.split("\\.")[0]);
            assertThat(find(spec, JsonPaths.parse(path)) != null)
                    .as("%s in %s (our extension: %s)", path, BLUE_GREEN_1_15, ours)
                    .isEqualTo(!ours);
        }
    }

    @Test
    void blueGreenCrdHasTheFourInputsOfTheDiff() throws IOException {
        JsonNode spec = specSchema(BLUE_GREEN_1_15);
        for (String path :
                List.of("configuration", "ingress", "template.metadata", "template.spec")) {
            assertThat(find(spec, JsonPaths.parse(path))).as(path).isNotNull();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {FLINK_DEPLOYMENT_1_10, FLINK_DEPLOYMENT_1_15})
    void podTemplateKeysThatCountArePodTemplateFields(String crd) throws IOException {
        JsonNode podTemplate = find(specSchema(crd), List.of("podTemplate"));
        for (String key : SpecNormalizer.POD_TEMPLATE_KEYS) {
            assertThat(podTemplate.path("properties").has(key)).as(key).isTrue();
        }
    }

    /** Prefix rules are not schema paths: their parent flinkConfiguration must exist. */
    private static String schemaPath(DiffRule rule) {
        return rule.target() == DiffRule.Target.PATH
                ? rule.pattern()
                : DiffRule.FLINK_CONFIGURATION;
    }

    private static JsonNode find(JsonNode schema, List<String> segments) {
        JsonNode node = schema;
        for (String segment : segments) {
            node = node.path("properties").get(segment);
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    private static JsonNode specSchema(String crd) throws IOException {
        Path file = ProjectRoot.shared().resolve("upstream-crds").resolve(crd);
        JsonNode root = new YAMLMapper().readTree(file.toFile());
        return root.at("/spec/versions/0/schema/openAPIV3Schema/properties/spec");
    }
}
