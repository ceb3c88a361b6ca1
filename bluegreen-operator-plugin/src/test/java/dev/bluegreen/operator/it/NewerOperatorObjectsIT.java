package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Children and snapshots written by a newer Flink operator (unknown enum values and fields) break
 * neither the informers nor the reconcile: the controller reads them as unknown, waits, and goes on
 * once they are known again; other parents are not affected.
 */
@EnableKubernetesMockClient(crud = true)
class NewerOperatorObjectsIT {
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
    void unknownValuesInChildAndSnapshotAreReadAsUnknown() {
        // Given a transition waiting for its savepoint
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.holdSnapshots();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "SAVEPOINTING_BLUE");
        String token = h.get("orders").getStatus().getTransition().getSavepointSnapshot();
        String snapshot = "orders-" + token;

        // When a newer operator writes values this controller does not know
        writeStatus(
                h.fake.snapshot(Harness.NS, snapshot),
                Map.of("state", "NEWSTATE", "futureField", Map.of("a", 1)));
        writeStatus(
                h.child("orders-blue"),
                Map.of(
                        "lifecycleState", "HIBERNATING",
                        "jobStatus", Map.of("state", "WEIRD", "futureJobField", 2),
                        "futureStatusField", Map.of("b", true)));

        // Then the parent is still reconciled (the serving child shows as not ready)
        await().atMost(Harness.WAIT)
                .until(() -> "ServingChildNotReady".equals(h.condition("orders", "Ready")));
        assertThat(h.state("orders")).isEqualTo("SAVEPOINTING_BLUE");
        // and another parent deploys and transitions meanwhile
        h.fake.completeSnapshots();
        h.deployed(Fixtures.parent("payments", Fixtures.job(1, "savepoint")));
        h.editTemplate("payments", t -> t.put("image", "v2"));
        h.awaitState("payments", "ACTIVE_GREEN");

        // and once the operator writes known values again, the transition completes (the child
        // first: once the snapshot is COMPLETED the transition may retire blue at any time)
        writeStatus(
                h.child("orders-blue"),
                Map.of("lifecycleState", "STABLE", "jobStatus", Map.of("state", "RUNNING")));
        writeStatus(
                h.fake.snapshot(Harness.NS, snapshot),
                Map.of("state", "COMPLETED", "path", "file:///savepoints/" + snapshot));
        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(spec(h.child("orders-green"), "spec", "job", "initialSavepointPath"))
                .isEqualTo("file:///savepoints/" + snapshot);
    }

    /** Merges {@code fields} into the object's status and writes it, as its operator would. */
    @SuppressWarnings("unchecked")
    private void writeStatus(GenericKubernetesResource resource, Map<String, Object> fields) {
        await().atMost(Harness.WAIT)
                .ignoreExceptions()
                .until(
                        () -> {
                            var fresh =
                                    client.genericKubernetesResources(
                                                    resource.getApiVersion(), resource.getKind())
                                            .inNamespace(Harness.NS)
                                            .withName(resource.getMetadata().getName())
                                            .get();
                            var status =
                                    new LinkedHashMap<String, Object>(
                                            (Map<String, Object>)
                                                    fresh.getAdditionalProperties()
                                                            .getOrDefault("status", Map.of()));
                            fields.forEach(
                                    (k, v) -> status.merge(k, v, (old, add) -> merged(old, add)));
                            fresh.setAdditionalProperty("status", status);
                            client.genericKubernetesResources(
                                            resource.getApiVersion(), resource.getKind())
                                    .inNamespace(Harness.NS)
                                    .resource(fresh)
                                    .updateStatus();
                            return true;
                        });
    }

    @SuppressWarnings("unchecked")
    private static Object merged(Object old, Object add) {
        if (old instanceof Map<?, ?> o && add instanceof Map<?, ?> a) {
            var map = new LinkedHashMap<String, Object>((Map<String, Object>) o);
            map.putAll((Map<String, Object>) a);
            return map;
        }
        return add;
    }
}
