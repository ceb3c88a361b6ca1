package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.bluegreen.operator.it.Fixtures.at;
import static org.assertj.core.api.Assertions.assertThat;

@EnableKubernetesMockClient(crud = true)
class BasicTransitionIT {
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

    @Test
    void firstDeploymentCreatesBlueAndBecomesActive() {
        h.create(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        h.awaitState("orders", "ACTIVE_BLUE");

        var blue = h.child("orders-blue");
        assertThat(blue.getMetadata().getLabels())
                .containsEntry("flink/blue-green-deployment-type", "BLUE")
                .containsEntry("bluegreen.dev/color", "blue");
        assertThat(blue.getMetadata().getOwnerReferences())
                .singleElement()
                .satisfies(o -> assertThat(o.getController()).isTrue());
        assertThat(h.child("orders-green")).isNull();
        assertThat(at(blue, "spec", "flinkConfiguration", "bluegreen.color")).isEqualTo("BLUE");
        assertThat(at(blue, "spec", "flinkConfiguration", "bluegreen.gate.color")).isNull();
        var status = h.get("orders").getStatus();
        assertThat(status.getActiveColor()).isEqualTo("BLUE");
        assertThat(status.getLastStableSpec()).isNotNull();
    }

    @Test
    void blueToGreenWithASavepointRestoresGreenFromItAndDeletesBlue() {
        h.create(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.awaitState("orders", "ACTIVE_BLUE");

        h.edit(
                "orders",
                p -> {
                    ((com.fasterxml.jackson.databind.node.ObjectNode)
                                    p.getSpec().getTemplate().getSpec())
                            .put("image", "flink:1.20.1");
                    return p;
                });

        h.awaitState("orders", "ACTIVE_GREEN");
        var green = h.child("orders-green");
        String path = (String) at(green, "spec", "job", "initialSavepointPath");
        assertThat(path).startsWith("file:///savepoints/orders-t");
        var snapshot = h.fake.snapshot(Harness.NS, path.substring("file:///savepoints/".length()));
        assertThat(at(snapshot, "spec", "jobReference", "name")).isEqualTo("orders-blue");
        assertThat(at(snapshot, "status", "state")).isEqualTo("COMPLETED");
        assertThat(at(green, "spec", "image")).isEqualTo("flink:1.20.1");
        assertThat(at(green, "spec", "flinkConfiguration", "bluegreen.color")).isEqualTo("GREEN");
        org.awaitility.Awaitility.await()
                .atMost(Harness.WAIT)
                .until(() -> h.child("orders-blue") == null);
        // BASIC's default retention DELETE: blue is deleted without a savepoint stop
        assertThat(h.fake.suspensions()).isEmpty();
    }
}
