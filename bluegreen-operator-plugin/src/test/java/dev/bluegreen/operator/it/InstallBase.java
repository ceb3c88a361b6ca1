package dev.bluegreen.operator.it;

import dev.bluegreen.operator.resource.ProjectFiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The install base {@code docs/deploy} rendered by the real {@code kubectl kustomize} (on the PATH;
 * {@code .ci/run} installs Debian's kubernetes-client when it is missing).
 */
final class InstallBase {
    static final Path DIR = ProjectFiles.root().resolve("docs/deploy");

    private InstallBase() {}

    /** Every rendered object, in kubectl's order. */
    static List<JsonNode> render() throws IOException, InterruptedException {
        Process kubectl =
                new ProcessBuilder("kubectl", "kustomize", DIR.toString())
                        .redirectError(ProcessBuilder.Redirect.PIPE)
                        .start();
        byte[] out = kubectl.getInputStream().readAllBytes();
        String err = new String(kubectl.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!kubectl.waitFor(60, TimeUnit.SECONDS) || kubectl.exitValue() != 0) {
            throw new AssertionError("kubectl kustomize " + DIR + " failed: " + err);
        }
        var yaml = new ObjectMapper(new YAMLFactory());
        try (var parser = yaml.getFactory().createParser(out)) {
            return yaml.readValues(parser, JsonNode.class).readAll().stream()
                    .filter(d -> d != null && !d.isMissingNode() && !d.isNull())
                    .toList();
        }
    }

    /** The only rendered object of {@code kind}. */
    static JsonNode only(List<JsonNode> docs, String kind) {
        var matching = docs.stream().filter(d -> kind.equals(d.path("kind").asText())).toList();
        if (matching.size() != 1) {
            throw new AssertionError("expected exactly one " + kind + ", got " + matching.size());
        }
        return matching.get(0);
    }
}
