package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An upstream {@code flink.apache.org} FlinkBlueGreenDeployment manifest works after changing only
 * its apiVersion: every spec field of the upstream 1.15 CRD has a place in ours, and a manifest's
 * template.spec passes through untouched.
 */
class UpstreamCompatibilityTest {
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    static JsonNode specSchema(JsonNode crd) {
        return crd.at("/spec/versions/0/schema/openAPIV3Schema/properties/spec");
    }

    @Test
    void everyUpstreamSpecFieldHasAPlaceInOurSchema() throws IOException {
        var upstream =
                YAML.readTree(
                        ProjectFiles.shared()
                                .resolve(
                                        "upstream-crds/operator-1.15.0-flinkbluegreendeployments.flink.apache.org-v1.yml")
                                .toFile());
        var ours = YAML.readTree(CrdManifestTest.generatedCrd().toFile());

        var missing = new ArrayList<String>();
        collectMissing("spec", specSchema(upstream), specSchema(ours), missing);

        assertThat(missing).isEmpty();
    }

    /** Paths present in {@code upstream} that {@code ours} neither declares nor preserves. */
    static void collectMissing(
            String path, JsonNode upstream, JsonNode ours, List<String> missing) {
        if (ours.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
            return;
        }
        if (ours.isMissingNode()) {
            missing.add(path);
            return;
        }
        upstream.path("properties")
                .fields()
                .forEachRemaining(
                        field ->
                                collectMissing(
                                        path + "." + field.getKey(),
                                        field.getValue(),
                                        ours.path("properties").path(field.getKey()),
                                        missing));
        if (upstream.has("items")) {
            collectMissing(path + "[]", upstream.get("items"), ours.path("items"), missing);
        }
    }

    @Test
    void anUpstreamManifestReadsWithOnlyTheApiVersionChanged() throws IOException {
        FlinkBlueGreenDeployment resource;
        try (InputStream in = getClass().getResourceAsStream("/upstream-manifest.yaml")) {
            var tree = YAML.readTree(in);
            ((com.fasterxml.jackson.databind.node.ObjectNode) tree)
                    .put("apiVersion", "bluegreen.dev/v1alpha1");
            resource = YAML.treeToValue(tree, FlinkBlueGreenDeployment.class);
            JsonNode roundTripped = YAML.valueToTree(resource.getSpec().getTemplate().getSpec());
            assertThat(roundTripped).isEqualTo(tree.at("/spec/template/spec"));
        }

        assertThat(resource.getSpec().getConfiguration())
                .containsEntry("kubernetes.operator.bluegreen.deployment-deletion.delay", "5s");
        assertThat(resource.getSpec().getIngress().getTemplate())
                .isEqualTo("{{name}}.{{namespace}}.example.com");
        assertThat(resource.getSpec().getTemplate().getMetadata().getLabels())
                .containsEntry("team", "payments");
        assertThat(
                        resource.getSpec()
                                .getTemplate()
                                .getSpec()
                                .at("/futureField/enabled")
                                .asBoolean())
                .as("fields of newer operator versions pass through")
                .isTrue();
    }
}
