package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The capacity pre-check: green is not started when the ResourceQuota has no room for it. */
@EnableKubernetesMockClient(crud = true)
class QuotaIT {
    KubernetesClient client;
    KubernetesMockServer server;
    Harness h;

    @BeforeEach
    void start() {
        h = new Harness(client, server);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    void quota(String cpu) {
        client.resource(
                        new ResourceQuotaBuilder()
                                .withNewMetadata()
                                .withName("compute")
                                .withNamespace(Harness.NS)
                                .endMetadata()
                                .withNewSpec()
                                .addToHard("requests.cpu", new Quantity(cpu))
                                .endSpec()
                                .build())
                .createOr(r -> r.update());
    }

    @Test
    void greenWaitsForQuotaAndBlueIsUntouched() {
        h.deployed(
                Fixtures.parent(
                        "orders",
                        "{\"image\":\"flink:1.20\",\"serviceAccount\":\"flink\",\"job\":{\"jarURI\":\"local:///a.jar\","
                                + "\"parallelism\":1,\"upgradeMode\":\"stateless\"},\"jobManager\":{\"resource\":{\"cpu\":1}},"
                                + "\"taskManager\":{\"resource\":{\"cpu\":1}}}"));
        String blueVersion = h.child("orders-blue").getMetadata().getResourceVersion();
        quota("1500m");

        h.editTemplate("orders", t -> t.put("image", "v2"));

        await().atMost(Harness.WAIT)
                .untilAsserted(
                        () ->
                                assertThat(h.condition("orders", "Progressing"))
                                        .as(h.describe("orders"))
                                        .isEqualTo("InsufficientQuota"));
        assertThat(h.eventReasons("orders")).contains("Warning:InsufficientQuota");
        assertThat(h.state("orders")).isEqualTo("ACTIVE_BLUE");
        assertThat(h.child("orders-green")).isNull();
        assertThat(h.child("orders-blue").getMetadata().getResourceVersion())
                .isEqualTo(blueVersion);

        quota("4");

        h.awaitState("orders", "ACTIVE_GREEN");
    }
}
