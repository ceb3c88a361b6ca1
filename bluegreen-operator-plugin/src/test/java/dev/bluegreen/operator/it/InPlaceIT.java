package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Changes applied to the serving child in place (upstream verifyPatchScenario, suspend/resume). */
@EnableKubernetesMockClient(crud = true)
class InPlaceIT {
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
    void operatorConfigChangePatchesBlueInPlace() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        long generation = h.child("orders-blue").getMetadata().getGeneration();

        h.editTemplate(
                "orders",
                t ->
                        t.withObjectProperty("flinkConfiguration")
                                .put("kubernetes.operator.reconcile.interval", "100 s"));

        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                "100 s"
                                        .equals(
                                                spec(
                                                        h.child("orders-blue"),
                                                        "spec",
                                                        "flinkConfiguration",
                                                        "kubernetes.operator.reconcile.interval")));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.child("orders-blue").getMetadata().getGeneration()).isEqualTo(generation + 1);
        assertThat(h.child("orders-green")).isNull();
        assertThat(h.get("orders").getStatus().getLastStableSpec()).contains("100 s");
    }

    @Test
    void rescaleIsPatchedInPlaceBetterThanUpstreamWhichTransitions() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        h.editTemplate("orders", t -> t.withObjectProperty("job").put("parallelism", 5));

        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                "5"
                                        .equals(
                                                spec(
                                                        h.child("orders-blue"),
                                                        "spec",
                                                        "job",
                                                        "parallelism")));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.child("orders-green")).isNull();
    }

    @Test
    void parentOnlyConfigurationChangeTouchesNoChild() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        String resourceVersion = h.child("orders-blue").getMetadata().getResourceVersion();

        h.option("orders", "kubernetes.operator.bluegreen.deployment-deletion.delay", "1 s");

        await().atMost(Harness.WAIT)
                .until(() -> h.get("orders").getStatus().getObservedGeneration() == 2L);
        assertThat(h.child("orders-blue").getMetadata().getResourceVersion())
                .isEqualTo(resourceVersion);
        assertThat(h.state("orders")).isEqualTo("ACTIVE_BLUE");
    }

    @Test
    void suspendAndResumeInPlaceWithBundledChanges() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        h.editTemplate(
                "orders",
                t -> t.withObjectProperty("job").put("state", "suspended").put("parallelism", 5));
        h.awaitState("orders", "SUSPENDED_BLUE");
        var blue = h.child("orders-blue");
        assertThat(spec(blue, "spec", "job", "state")).isEqualTo("suspended");
        assertThat(spec(blue, "spec", "job", "parallelism")).isEqualTo("5");
        assertThat(h.get("orders").getStatus().getJobStatus().getState()).isEqualTo("SUSPENDED");

        h.editTemplate(
                "orders",
                t -> t.withObjectProperty("job").put("state", "running").put("parallelism", 6));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(spec(h.child("orders-blue"), "spec", "job", "parallelism")).isEqualTo("6");
        assertThat(h.child("orders-green")).isNull();
    }

    @Test
    void initialSuspendedSpecDeploysNothingUntilRunning() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        ((com.fasterxml.jackson.databind.node.ObjectNode) parent.getSpec().getTemplate().getSpec())
                .withObjectProperty("job")
                .put("state", "suspended");
        h.create(parent);
        await().atMost(Harness.WAIT).until(() -> h.get("orders").getStatus() != null);
        assertThat(h.state("orders")).isEqualTo("INITIALIZING_BLUE");
        assertThat(h.child("orders-blue")).isNull();

        h.editTemplate("orders", t -> t.withObjectProperty("job").put("state", "running"));

        h.awaitState("orders", "ACTIVE_BLUE");
    }

    @Test
    void deletingTheParentDeletesChildrenSnapshotsAndIngress() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setIngress(TransitionIT.ingress());
        h.deployed(parent);
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "ACTIVE_GREEN");

        client.resource(h.get("orders")).delete();

        await().atMost(Harness.WAIT).until(() -> h.get("orders") == null);
        assertThat(h.child("orders-green")).isNull();
        assertThat(
                        client.network()
                                .v1()
                                .ingresses()
                                .inNamespace(Harness.NS)
                                .withName("orders")
                                .get())
                .isNull();
        assertThat(
                        client.genericKubernetesResources(
                                        "flink.apache.org/v1beta1", "FlinkStateSnapshot")
                                .inNamespace(Harness.NS)
                                .list()
                                .getItems())
                .isEmpty();
    }
}
