package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The upstream example manifest and the real upstream CRDs, for the validation tests. */
final class Manifests {
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    static final String CRD_1_10 = "operator-1.10.0-flinkdeployments.flink.apache.org-v1.yml";
    static final String CRD_1_15 = "operator-1.15.0-flinkdeployments.flink.apache.org-v1.yml";

    private Manifests() {}

    /** The upstream example with our apiVersion, as a tree to edit. */
    static ObjectNode upstreamTree() {
        try (InputStream in = Manifests.class.getResourceAsStream("/upstream-manifest.yaml")) {
            var tree = (ObjectNode) YAML.readTree(in);
            tree.put("apiVersion", "bluegreen.dev/v1alpha1");
            // futureField exists only in a newer operator; the schema tests add it back on purpose
            ((ObjectNode) tree.at("/spec/template/spec")).remove("futureField");
            return tree;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static FlinkBlueGreenDeployment resource(JsonNode tree) {
        try {
            return YAML.treeToValue(tree, FlinkBlueGreenDeployment.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode crd(String file) {
        try {
            return YAML.readTree(sharedFolder().resolve("upstream-crds").resolve(file).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shared/ folder beside the project root. */
    static Path sharedFolder() {
        var property = System.getProperty("bluegreen.project.root");
        Path root =
                property != null && Files.isDirectory(Path.of(property, "bluegreen-core"))
                        ? Path.of(property)
                        : Path.of("").toAbsolutePath();
        while (root != null && !Files.isDirectory(root.resolve("bluegreen-core"))) {
            root = root.getParent();
        }
        if (root == null) {
            throw new IllegalStateException("project root not found");
        }
        return root.toAbsolutePath().normalize().resolveSibling("shared");
    }
}
