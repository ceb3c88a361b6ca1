package dev.bluegreen.operator.it;

import dev.bluegreen.operator.internal.spec.SpecJson;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Children are ours alone: a FlinkDeployment named like our child but owned by the upstream
 * operator's own FlinkBlueGreenDeployment ({@code flink.apache.org}) is never written or deleted,
 * and the parent says so (issue 14, problem 4).
 */
@EnableKubernetesMockClient(crud = true)
class ChildOwnersIT {
    static final String REASON = "ChildOwnedByAnother";

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

    /** Upstream's reference on its children (1.14, 1.15): controller: false. */
    static OwnerReference upstreamParent() {
        return Adoptees.upstreamParent("orders");
    }

    @Test
    void aChildCreatedByTheUpstreamParentIsNeverTouched() {
        var foreign = new GenericKubernetesResource();
        foreign.setApiVersion("flink.apache.org/v1beta1");
        foreign.setKind("FlinkDeployment");
        foreign.setMetadata(
                new ObjectMetaBuilder()
                        .withName("orders-blue")
                        .withNamespace(Harness.NS)
                        .addToLabels(Adoptees.UPSTREAM_TYPE_LABEL, "BLUE")
                        .withOwnerReferences(upstreamParent())
                        .build());
        foreign.setAdditionalProperty(
                "spec",
                SpecJson.mapper()
                        .convertValue(
                                SpecJson.parse(Fixtures.job(1, "stateless"), "spec"), Map.class));
        client.genericKubernetesResources("flink.apache.org/v1beta1", "FlinkDeployment")
                .resource(foreign)
                .create();
        List<String> before = settled("orders-blue");

        h.create(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        awaitReported();
        new Reconciles(h.registry).awaitMore(3);
        assertThat(versionOf("orders-blue")).isEqualTo(before);
        assertThat(h.child("orders-blue").getMetadata().getOwnerReferences())
                .containsExactly(upstreamParent());
        assertThat(h.state("orders")).isEqualTo("INITIALIZING_BLUE");
        assertThat(h.eventReasons("orders")).containsOnlyOnce("Warning:" + REASON);

        client.resource(h.get("orders")).delete();
        await().atMost(Harness.WAIT).until(() -> h.get("orders") == null);
        assertThat(versionOf("orders-blue")).isEqualTo(before);
    }

    @Test
    void ourChildThatTheUpstreamParentAlsoOwnsIsNoLongerWritten() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        var blue = h.child("orders-blue");
        List<OwnerReference> owners = new ArrayList<>(blue.getMetadata().getOwnerReferences());
        owners.add(0, upstreamParent());
        blue.getMetadata().setOwnerReferences(owners);
        client.resource(blue).update();
        List<String> before = settled("orders-blue");

        h.editTemplate("orders", t -> t.withObjectProperty("job").put("state", "suspended"));

        awaitReported();
        new Reconciles(h.registry).awaitMore(3);
        assertThat(versionOf("orders-blue")).isEqualTo(before);
        assertThat(spec(h.child("orders-blue"), "spec", "job", "state")).isNotEqualTo("suspended");
        assertThat(h.state("orders")).isEqualTo("ACTIVE_BLUE");

        blue = h.child("orders-blue");
        blue.getMetadata().getOwnerReferences().remove(upstreamParent());
        client.resource(blue).update();
        h.awaitState("orders", "SUSPENDED_BLUE");
    }

    /** Waits for the Progressing condition and the Warning event naming the upstream parent. */
    private void awaitReported() {
        await().atMost(Harness.WAIT)
                .untilAsserted(
                        () ->
                                assertThat(h.condition("orders", "Progressing"))
                                        .as(h.describe("orders"))
                                        .isEqualTo(REASON));
        String expected =
                "is also owned by FlinkBlueGreenDeployment orders (flink.apache.org/v1beta1";
        assertThat(progressingMessage()).contains(expected, "Rename one of the two parents");
        await().atMost(Harness.WAIT)
                .untilAsserted(
                        () ->
                                assertThat(events(REASON))
                                        .singleElement()
                                        .satisfies(
                                                e -> {
                                                    assertThat(e.getType()).isEqualTo("Warning");
                                                    assertThat(e.getMessage()).contains(expected);
                                                }));
    }

    private String progressingMessage() {
        return h.get("orders").getStatus().getConditions().stream()
                .filter(c -> c.getType().equals("Progressing"))
                .findFirst()
                .orElseThrow()
                .getMessage();
    }

    private List<Event> events(String reason) {
        return client.v1().events().inNamespace(Harness.NS).list().getItems().stream()
                .filter(e -> reason.equals(e.getReason()))
                .toList();
    }

    /** The child's resourceVersion and generation once the fake operator has it running. */
    private List<String> settled(String name) {
        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                "RUNNING"
                                        .equals(
                                                Fixtures.at(
                                                        h.child(name),
                                                        "status",
                                                        "jobStatus",
                                                        "state")));
        return versionOf(name);
    }

    private List<String> versionOf(String name) {
        var meta = h.child(name).getMetadata();
        return List.of(meta.getResourceVersion(), String.valueOf(meta.getGeneration()));
    }
}
