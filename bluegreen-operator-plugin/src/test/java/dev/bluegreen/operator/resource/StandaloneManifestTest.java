package dev.bluegreen.operator.resource;

import dev.bluegreen.operator.standalone.ControllerOptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps docs/deploy/standalone.yaml and docs/deploy/Dockerfile consistent with the code and with
 * docs/deploy/rbac.yaml: flags and variables the main accepts, the service account and the Lease
 * rules of rbac.yaml, the jar the build makes.
 */
class StandaloneManifestTest {
    static final Path DEPLOY = ProjectFiles.root().resolve("docs/deploy");

    @TempDir Path dir;

    @Test
    void deploymentArgsAndEnvironmentAreOptionsTheMainAccepts() throws IOException {
        // given the Deployment's container, in a pod of the Deployment's namespace
        JsonNode deployment = only(docs("standalone.yaml"), "Deployment");
        JsonNode container = deployment.at("/spec/template/spec/containers/0");
        List<String> args = new ArrayList<>();
        container.path("args").forEach(a -> args.add(a.asText()));
        Map<String, String> env = new LinkedHashMap<>();
        container.path("env").forEach(e -> env.put(e.path("name").asText(), value(e)));
        Path podNamespace =
                Files.writeString(
                        dir.resolve("namespace"), deployment.at("/metadata/namespace").asText());

        // when the main would parse them, then they are valid and every variable is an option's
        var options = ControllerOptions.parse(args, env, podNamespace, () -> "host");
        assertThat(options.leaderElection()).isTrue();
        assertThat(options.leaseNamespace())
                .contains(deployment.at("/metadata/namespace").asText());
        assertThat(env.keySet())
                .isSubsetOf(
                        Arrays.stream(ControllerOptions.Option.values())
                                .map(ControllerOptions.Option::env)
                                .toList());
    }

    @Test
    void deploymentRunsAsTheServiceAccountThatRbacBindsForLeases() throws IOException {
        JsonNode deployment = only(docs("standalone.yaml"), "Deployment");
        List<JsonNode> rbac = docs("rbac.yaml");
        JsonNode account = only(rbac, "ServiceAccount");
        String namespace = deployment.at("/metadata/namespace").asText();

        assertThat(deployment.at("/spec/template/spec/serviceAccountName").asText())
                .isEqualTo(account.at("/metadata/name").asText());
        assertThat(account.at("/metadata/namespace").asText()).isEqualTo(namespace);

        JsonNode role = only(rbac, "Role");
        assertThat(role.at("/metadata/namespace").asText()).isEqualTo(namespace);
        JsonNode rule = role.at("/rules/0");
        assertThat(rule.at("/apiGroups/0").asText()).isEqualTo("coordination.k8s.io");
        assertThat(rule.at("/resources/0").asText()).isEqualTo("leases");
        assertThat(texts(rule.path("verbs"))).contains("get", "create", "update");

        JsonNode binding = only(rbac, "RoleBinding");
        assertThat(binding.at("/roleRef/name").asText())
                .isEqualTo(role.at("/metadata/name").asText());
        assertThat(binding.at("/subjects/0/name").asText())
                .isEqualTo(account.at("/metadata/name").asText());
        assertThat(binding.at("/subjects/0/namespace").asText()).isEqualTo(namespace);
    }

    @Test
    void dockerfileCopiesTheStandaloneJarAndRunsIt() throws IOException {
        String dockerfile = Files.readString(DEPLOY.resolve("Dockerfile"));

        assertThat(dockerfile)
                .contains("FROM eclipse-temurin:17-jre")
                .containsPattern(
                        "COPY bluegreen-operator-plugin/target/bluegreen-operator-plugin-[^ ]+-standalone\\.jar"
                                + " /opt/bluegreen/bluegreen-controller\\.jar")
                .contains("\"-jar\", \"/opt/bluegreen/bluegreen-controller.jar\"");
    }

    private static String value(JsonNode env) {
        // a value from the pod (fieldRef) is some pod name at run time
        return env.has("valueFrom") ? "pod-name-1" : env.path("value").asText();
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(t -> texts.add(t.asText()));
        return texts;
    }

    private static JsonNode only(List<JsonNode> docs, String kind) {
        var matching = docs.stream().filter(d -> kind.equals(d.path("kind").asText())).toList();
        assertThat(matching).as("exactly one %s", kind).hasSize(1);
        return matching.get(0);
    }

    private static List<JsonNode> docs(String file) throws IOException {
        var yaml = new ObjectMapper(new YAMLFactory());
        try (var parser = yaml.getFactory().createParser(DEPLOY.resolve(file).toFile())) {
            return yaml.readValues(parser, JsonNode.class).readAll().stream()
                    .filter(d -> d != null && !d.isMissingNode() && !d.isNull())
                    .toList();
        }
    }
}
