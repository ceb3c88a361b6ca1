package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The upstream controller-suite scenarios (reference §g.1) not covered elsewhere: savepoint
 * failures of every kind, a lost savepoint object, a failed first deployment left alone, ingress
 * switches in both directions, FLINK-40119 and FLINK-40092. Mapping: docs/controller.md.
 */
@EnableKubernetesMockClient(crud = true)
class UpstreamSuiteIT {
    static final String GRACE = "kubernetes.operator.bluegreen.abort.grace-period";
    static final String DELAY = "kubernetes.operator.bluegreen.deployment-deletion.delay";

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

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"FAILED", "ABANDONED"})
    void savepointEndingFailedOrAbandonedKeepsBlueServingWithAWarning(String ending) {
        // Given blue serving, and snapshots that end badly
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.endSnapshots(ending);
        // When a change needs a savepoint
        h.editTemplate("orders", t -> t.put("image", "v2"));
        // Then
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:SavepointFailed"));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.child("orders-green")).isNull();
        assertThat(spec(h.child("orders-blue"), "status", "jobStatus", "state"))
                .isEqualTo("RUNNING");
        assertThat(spec(h.child("orders-blue"), "spec", "image")).isEqualTo("flink:1.20");
    }

    @Test
    void savepointObjectDeletedWhileSavepointingIsRequestedAgainAndTheTransitionCompletes() {
        // Given a transition waiting for its savepoint
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.holdSnapshots();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "SAVEPOINTING_BLUE");
        String snapshot = h.get("orders").getStatus().getTransition().getSavepointSnapshot();
        // When the snapshot object is lost (upstream: the savepoint fetch fails)
        var snapshots =
                client.genericKubernetesResources("flink.apache.org/v1beta1", "FlinkStateSnapshot")
                        .inNamespace(Harness.NS);
        snapshots.withName("orders-" + snapshot).delete();
        h.fake.completeSnapshots();
        // Then the transition still completes from a savepoint
        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(spec(h.child("orders-green"), "spec", "job", "initialSavepointPath"))
                .startsWith("file:///savepoints/orders-");
        assertThat(spec(h.child("orders-green"), "spec", "image")).isEqualTo("v2");
    }

    @Test
    void failedFirstDeploymentWithTheSameSpecWritesNothing() {
        // Given a first deployment that never became ready
        h.fake.holdJobs();
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().getConfiguration().put(GRACE, "1 s");
        h.create(parent);
        h.awaitState("orders", "FAILING_BLUE");
        String blueVersion = h.child("orders-blue").getMetadata().getResourceVersion();
        var reconciles = new Reconciles(h.registry);
        reconciles.afterTrigger(() -> h.annotate("orders", "example.com/touch", "0"));
        h.drain();
        // When the controller reconciles the same spec again
        reconciles.afterTrigger(() -> h.annotate("orders", "example.com/touch", "1"));
        // Then it writes nothing and leaves blue alone
        assertThat(h.controllerWrites()).isEmpty();
        assertThat(h.state("orders")).isEqualTo("FAILING_BLUE");
        assertThat(h.child("orders-blue").getMetadata().getResourceVersion())
                .isEqualTo(blueVersion);
    }

    @Test
    void ingressFollowsEveryTransitionAndKeepsItsAnnotations() {
        // Given blue serving behind an ingress with a rewrite annotation
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        var ingress = TransitionIT.ingress();
        ingress.setAnnotations(Map.of("nginx.ingress.kubernetes.io/rewrite-target", "/"));
        parent.getSpec().setIngress(ingress);
        h.deployed(parent);
        await().atMost(Harness.WAIT)
                .until(() -> "orders-blue-rest".equals(h.ingressBackend("orders")));
        // When blue -> green, then green -> blue
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "ACTIVE_GREEN");
        await().atMost(Harness.WAIT)
                .until(() -> "orders-green-rest".equals(h.ingressBackend("orders")));
        h.editTemplate("orders", t -> t.put("image", "v3"));
        h.awaitState("orders", "ACTIVE_BLUE");
        // Then the ingress is back on blue with its annotation
        await().atMost(Harness.WAIT)
                .until(() -> "orders-blue-rest".equals(h.ingressBackend("orders")));
        assertThat(liveIngress().getMetadata().getAnnotations())
                .containsEntry("nginx.ingress.kubernetes.io/rewrite-target", "/");
    }

    @Test
    void readySinceResetOnRollbackRearmsTheDeletionDelayBeforeBlueIsDeleted() {
        // Given a green that was ready (soaking) and then failed: rolled back
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().getConfiguration().put(GRACE, "3 s");
        parent.getSpec().getConfiguration().put(DELAY, "1500 ms");
        h.deployed(parent);
        changeWithSoak("1 h", "v2");
        await().atMost(Harness.WAIT)
                .until(() -> "Soaking".equals(h.condition("orders", "Progressing")));
        assertThat(h.get("orders").getStatus().getTransition().getReadySince()).isNotNull();
        h.fake.failJob("orders-green");
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.get("orders").getStatus().getTransition().getReadySince()).isNull();
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);
        h.fake.recoverJob("orders-green");
        // When the next change's green becomes ready
        h.edit(
                "orders",
                p -> {
                    p.getSpec()
                            .getConfiguration()
                            .put("kubernetes.operator.bluegreen.readiness.soak", "0 ms");
                    ((com.fasterxml.jackson.databind.node.ObjectNode)
                                    p.getSpec().getTemplate().getSpec())
                            .put("image", "v3");
                    return p;
                });
        // Then blue is kept running through a fresh deletion delay, then deleted
        h.awaitState("orders", "RETIRING_BLUE");
        assertThat(spec(h.child("orders-blue"), "status", "jobStatus", "state"))
                .isEqualTo("RUNNING");
        h.awaitState("orders", "ACTIVE_GREEN");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-blue") == null);
        assertThat(spec(h.child("orders-green"), "spec", "image")).isEqualTo("v3");
    }

    @Test
    void greenNotReadyAfterBlueWasDeletedIsNeitherAbortedNorSuspended() {
        // Given green serving behind the ingress, blue deleted, a short grace period
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().getConfiguration().put(GRACE, "3 s");
        parent.getSpec().getConfiguration().put(DELAY, "0 ms");
        parent.getSpec().setIngress(TransitionIT.ingress());
        h.deployed(parent);
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "ACTIVE_GREEN");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-blue") == null);
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-green-rest");
        // When green blips
        h.fake.failJob("orders-green");
        h.awaitState("orders", "FAILING_GREEN");
        // Then green keeps the traffic, is not suspended, and blue is not brought back
        assertThat(spec(h.child("orders-green"), "spec", "job", "state")).isNotEqualTo("suspended");
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-green-rest");
        assertThat(h.child("orders-blue")).isNull();
        h.fake.recoverJob("orders-green");
        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(h.eventReasons("orders"))
                .doesNotContain("Warning:RollbackToBlue", "Warning:UpgradeAborted");
    }

    private void changeWithSoak(String soak, String image) {
        h.edit(
                "orders",
                p -> {
                    p.getSpec()
                            .getConfiguration()
                            .put("kubernetes.operator.bluegreen.readiness.soak", soak);
                    ((com.fasterxml.jackson.databind.node.ObjectNode)
                                    p.getSpec().getTemplate().getSpec())
                            .put("image", image);
                    return p;
                });
    }

    private Ingress liveIngress() {
        return client.network().v1().ingresses().inNamespace(Harness.NS).withName("orders").get();
    }
}
