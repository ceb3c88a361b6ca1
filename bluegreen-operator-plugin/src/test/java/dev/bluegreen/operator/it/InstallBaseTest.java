package dev.bluegreen.operator.it;

import dev.bluegreen.operator.standalone.ControllerOptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static dev.bluegreen.operator.it.InstallBase.only;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code kubectl kustomize docs/deploy} (the real kubectl) renders the install base, and every
 * rendered object agrees with the code: the RBAC with the rules the ITs check every recorded
 * request against (and StandaloneMetricsIT the standalone jar's), the Deployment's arguments with
 * the standalone's flags, its probes and scrape annotations with its metrics port, the Service with
 * the pods, the image with the Dockerfile.
 */
class InstallBaseTest {
    static List<JsonNode> docs;

    @TempDir Path dir;

    @BeforeAll
    static void render() throws Exception {
        docs = InstallBase.render();
    }

    @Test
    void rendersTheControllerAndEverythingItNeeds() {
        assertThat(docs)
                .extracting(d -> d.path("kind").asText())
                .containsExactlyInAnyOrder(
                        "Namespace",
                        "CustomResourceDefinition",
                        "ServiceAccount",
                        "ClusterRole",
                        "ClusterRoleBinding",
                        "Role",
                        "RoleBinding",
                        "Deployment",
                        "Service");
        String namespace = only(docs, "Namespace").at("/metadata/name").asText();
        for (JsonNode doc : docs) {
            String kind = doc.path("kind").asText();
            boolean clusterScoped =
                    List.of(
                                    "Namespace",
                                    "CustomResourceDefinition",
                                    "ClusterRole",
                                    "ClusterRoleBinding")
                            .contains(kind);
            assertThat(doc.at("/metadata/namespace").asText(""))
                    .as("namespace of %s", kind)
                    .isEqualTo(clusterScoped ? "" : namespace);
        }
    }

    @Test
    void theCrdIsTheGeneratedFileOfTheRepository() throws IOException {
        var yaml = new ObjectMapper(new YAMLFactory());
        JsonNode file =
                yaml.readTree(
                        InstallBase.DIR
                                .resolve("flinkbluegreendeployments.bluegreen.dev-v1.yml")
                                .toFile());

        // kustomize writes the generator's "minimum: 0.0" as 0: the same number
        JsonNode crd = only(docs, "CustomResourceDefinition");
        assertThat(crd.equals(SAME_NUMBER, file))
                .as("rendered CRD %s%nequals the repository's %s", crd, file)
                .isTrue();
    }

    /** Equal nodes, or numbers of the same value whatever their JSON type (0 and 0.0). */
    private static final java.util.Comparator<JsonNode> SAME_NUMBER =
            (a, b) ->
                    a.equals(b)
                                    || (a.isNumber()
                                            && b.isNumber()
                                            && a.decimalValue().compareTo(b.decimalValue()) == 0)
                            ? 0
                            : 1;

    @Test
    void theRbacIsTheOneTheItsCheckAndBindsTheDeploymentsAccount() {
        JsonNode deployment = only(docs, "Deployment");
        String namespace = deployment.at("/metadata/namespace").asText();
        String account = deployment.at("/spec/template/spec/serviceAccountName").asText();
        var rendered = Rbac.fromDocs(docs);

        assertThat(rendered.rules().stream().filter(r -> r.namespace() == null).toList())
                .as("the ClusterRole's rules, which Harness checks every recorded request against")
                .isEqualTo(Rbac.fromProject().rules());
        assertThat(
                        rendered.allows(
                                new Rbac.Access("update", "coordination.k8s.io", "leases"),
                                namespace))
                .as("the Lease in the controller's namespace")
                .isTrue();
        assertThat(
                        rendered.allows(
                                new Rbac.Access("update", "coordination.k8s.io", "leases"),
                                "elsewhere"))
                .isFalse();
        for (String binding : List.of("ClusterRoleBinding", "RoleBinding")) {
            JsonNode subject = only(docs, binding).at("/subjects/0");
            assertThat(subject.path("name").asText()).as(binding).isEqualTo(account);
            assertThat(subject.path("namespace").asText()).as(binding).isEqualTo(namespace);
        }
        assertThat(only(docs, "ServiceAccount").at("/metadata/name").asText()).isEqualTo(account);
        assertThat(only(docs, "ClusterRoleBinding").at("/roleRef/name").asText())
                .isEqualTo(only(docs, "ClusterRole").at("/metadata/name").asText());
        assertThat(only(docs, "RoleBinding").at("/roleRef/name").asText())
                .isEqualTo(only(docs, "Role").at("/metadata/name").asText());
    }

    @Test
    void theDeploymentsArgumentsAreStandaloneFlagsAndItsProbesUseTheMetricsPort()
            throws IOException {
        JsonNode deployment = only(docs, "Deployment");
        JsonNode pod = deployment.at("/spec/template");
        JsonNode container = pod.at("/spec/containers/0");
        List<String> args = new ArrayList<>();
        container.path("args").forEach(a -> args.add(a.asText()));
        Map<String, String> env = new LinkedHashMap<>();
        container
                .path("env")
                .forEach(
                        e ->
                                env.put(
                                        e.path("name").asText(),
                                        e.has("valueFrom") ? "pod-1" : e.path("value").asText()));
        Path podNamespace =
                Files.writeString(
                        dir.resolve("namespace"), deployment.at("/metadata/namespace").asText());

        var options = ControllerOptions.parse(args, env, podNamespace, () -> "host");

        JsonNode port = container.at("/ports/0");
        assertThat(port.path("name").asText()).isEqualTo("metrics");
        assertThat(port.path("containerPort").asInt())
                .isEqualTo(options.metricsPort())
                .isPositive();
        assertThat(container.at("/livenessProbe/httpGet/path").asText()).isEqualTo("/healthz");
        assertThat(container.at("/livenessProbe/httpGet/port").asText()).isEqualTo("metrics");
        assertThat(container.at("/readinessProbe/httpGet/path").asText()).isEqualTo("/readyz");
        assertThat(container.at("/readinessProbe/httpGet/port").asText()).isEqualTo("metrics");
        JsonNode annotations = pod.at("/metadata/annotations");
        assertThat(annotations.path("prometheus.io/scrape").asText()).isEqualTo("true");
        assertThat(annotations.path("prometheus.io/port").asText())
                .isEqualTo(String.valueOf(options.metricsPort()));
        assertThat(annotations.path("prometheus.io/path").asText()).isEqualTo("/metrics");
    }

    @Test
    void theServiceSelectsThePodsOnTheirMetricsPort() {
        JsonNode pod = only(docs, "Deployment").at("/spec/template");
        JsonNode service = only(docs, "Service");

        service.at("/spec/selector")
                .fields()
                .forEachRemaining(
                        label ->
                                assertThat(pod.at("/metadata/labels").path(label.getKey()).asText())
                                        .as("pod label %s", label.getKey())
                                        .isEqualTo(label.getValue().asText()));
        assertThat(service.at("/spec/selector").size()).isPositive();
        assertThat(service.at("/spec/ports/0/targetPort").asText())
                .isEqualTo(pod.at("/spec/containers/0/ports/0/name").asText());
    }

    @Test
    void theImageIsTheOneTheDockerfileBuilds() throws IOException {
        String dockerfile = Files.readString(InstallBase.DIR.resolve("Dockerfile"));
        var built = Pattern.compile("docker build .* -t (\\S+):(\\S+) \\.").matcher(dockerfile);
        var jar =
                Pattern.compile("bluegreen-operator-plugin-(\\S+)-standalone\\.jar ")
                        .matcher(dockerfile);
        assertThat(built.find()).as("the docker build line of the Dockerfile").isTrue();
        assertThat(jar.find()).as("the COPY line of the Dockerfile").isTrue();

        String image =
                only(docs, "Deployment").at("/spec/template/spec/containers/0/image").asText();

        assertThat(image).isEqualTo(built.group(1) + ":" + built.group(2));
        assertThat(built.group(2)).as("image tag = the jar's version").isEqualTo(jar.group(1));
    }
}
