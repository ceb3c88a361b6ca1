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
 * The install base {@code docs/deploy} (and the namespaced overlay {@code docs/deploy-namespaced})
 * rendered by the real {@code kubectl kustomize} (on the PATH; {@code .ci/run} installs Debian's
 * kubernetes-client when it is missing).
 */
final class InstallBase {
    static final Path DIR = ProjectFiles.root().resolve("docs/deploy");

    /** The namespaced overlay of the install base. */
    static final Path NAMESPACED = ProjectFiles.root().resolve("docs/deploy-namespaced");

    private InstallBase() {}

    /** Every rendered object of the install base, in kubectl's order. */
    static List<JsonNode> render() throws IOException, InterruptedException {
        return render(DIR);
    }

    /** Every object kubectl renders from the kustomization in {@code dir}, in kubectl's order. */
    static List<JsonNode> render(Path dir) throws IOException, InterruptedException {
        Process kubectl =
                new ProcessBuilder("kubectl", "kustomize", dir.toString())
                        .redirectError(ProcessBuilder.Redirect.PIPE)
                        .start();
        byte[] out = kubectl.getInputStream().readAllBytes();
        String err = new String(kubectl.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!kubectl.waitFor(60, TimeUnit.SECONDS) || kubectl.exitValue() != 0) {
            throw new AssertionError("kubectl kustomize " + dir + " failed: " + err);
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
