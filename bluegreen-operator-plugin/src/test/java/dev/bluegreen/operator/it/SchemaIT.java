package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The template is validated against the installed upstream FlinkDeployment CRD (operator 1.15). */
@EnableKubernetesMockClient(crud = true)
class SchemaIT {
    KubernetesClient client;
    KubernetesMockServer server;

    void installUpstreamCrd() throws IOException {
        Path crd =
                Rbac.file()
                        .getParent()
                        .getParent()
                        .getParent()
                        .getParent()
                        .resolve(
                                "shared/upstream-crds/operator-1.15.0-flinkdeployments.flink.apache.org-v1.yml");
        try (InputStream in = Files.newInputStream(crd)) {
            client.apiextensions().v1().customResourceDefinitions().load(in).create();
        }
    }

    @Test
    void templateInvalidAgainstTheInstalledCrdIsRejectedAndAValidOneDeploys() throws IOException {
        installUpstreamCrd();
        try (var h = new Harness(client, server)) {
            h.create(
                    Fixtures.parent(
                            "bad",
                            "{\"image\":\"flink:1.20\",\"job\":{\"jarURI\":\"local:///a.jar\","
                                    + "\"parallelism\":\"many\",\"upgradeMode\":\"fast\"}}"));
            h.deployed(Fixtures.parent("good", Fixtures.job(2, "savepoint")));

            await().atMost(Harness.WAIT)
                    .until(() -> "InvalidSpec".equals(h.condition("bad", "Progressing")));
            var invalid =
                    h.get("bad").getStatus().getConditions().stream()
                            .filter(c -> c.getType().equals("InvalidSpec"))
                            .findFirst()
                            .orElseThrow();
            assertThat(invalid.getStatus()).isEqualTo("True");
            assertThat(invalid.getMessage())
                    .contains("spec.template.spec.job.parallelism")
                    .contains("spec.template.spec.job.upgradeMode");
            assertThat(h.eventReasons("bad")).contains("Warning:InvalidSpec");
            assertThat(h.child("bad-blue")).isNull();
        }
    }
}
