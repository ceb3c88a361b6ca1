package dev.bluegreen.operator.it;

import dev.bluegreen.operator.internal.spec.SpecJson;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Restarts in the window where the in-flight target is neither the desired spec nor the last stable
 * spec: the target is resolved from {@code status.targetSpec}, not from memory.
 */
@EnableKubernetesMockClient(crud = true)
class RestartIT {
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
    void restartWhileRetiringWithANewerSpecRecordsTheRetiredTargetAsStable() {
        // Given blue -> green (v2) retiring blue, and v3 edited while the controller is down
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec()
                .getConfiguration()
                .put("kubernetes.operator.bluegreen.deployment-deletion.delay", "2 s");
        h.deployed(parent);
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "RETIRING_BLUE");
        assertThat(h.get("orders").getStatus().getTargetSpec()).contains("\"v2\"");
        h.stopController();
        h.fake.holdSnapshots();
        h.editTemplate("orders", t -> t.put("image", "v3"));

        // When a fresh controller (no memory of v2) takes over
        h.startController();

        // Then the retirement finishes with v2 as the stable spec, and v3 starts from there
        h.awaitState("orders", "SAVEPOINTING_GREEN");
        var status = h.get("orders").getStatus();
        assertThat(status.getLastStableSpec()).as(h.describe("orders")).contains("\"v2\"");
        assertThat(SpecJson.ref(SpecJson.parse(status.getLastStableSpec(), "lastStableSpec")))
                .isEqualTo(status.getTransition().getStableSpecRef());
        assertThat(status.getTargetSpec()).contains("\"v3\"");
        assertThat(h.child("orders-blue")).isNull();

        h.fake.completeSnapshots();
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(spec(h.child("orders-blue"), "spec", "image")).isEqualTo("v3");
        assertThat(h.get("orders").getStatus().getTargetSpec()).isNull();
        assertThat(h.get("orders").getStatus().getError()).isNull();
        assertThat(h.eventReasons("orders")).noneMatch(r -> r.startsWith("Warning:"));
    }
}
