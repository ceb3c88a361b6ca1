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

/**
 * Further scenarios of upstream's FlinkBlueGreenDeploymentControllerTest (reference section g.1).
 */
@EnableKubernetesMockClient(crud = true)
class UpstreamScenariosIT {
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
    void firstDeploymentNeverReadyFailsAndASpecChangeRedeploysInPlace() {
        h.fake.holdJobs();
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec()
                .getConfiguration()
                .put("kubernetes.operator.bluegreen.abort.grace-period", "1 s");
        h.create(parent);
        h.awaitState("orders", "FAILING_BLUE");
        assertThat(h.child("orders-blue")).isNotNull();

        h.editTemplate("orders", t -> t.put("image", "v2"));
        await().atMost(Harness.WAIT)
                .until(() -> "v2".equals(spec(h.child("orders-blue"), "spec", "image")));
        h.fake.startJobs();

        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(spec(h.child("orders-blue"), "spec", "image")).isEqualTo("v2");
        assertThat(h.child("orders-green")).isNull();
    }

    @Test
    void greenFailingAfterCutoverIsNotRolledBackOntoTheDeletedBlue() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "ACTIVE_GREEN");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-blue") == null);

        h.fake.failJob("orders-green");
        h.awaitState("orders", "FAILING_GREEN");
        assertThat(spec(h.child("orders-green"), "spec", "job", "state")).isNotEqualTo("suspended");

        h.fake.recoverJob("orders-green");
        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(h.child("orders-blue")).isNull();
    }

    @Test
    void greenFailingDuringTheSoakRollsBackAndTheNextChangeTakesAFreshSavepoint() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec()
                .getConfiguration()
                .put("kubernetes.operator.bluegreen.readiness.soak", "1 h");
        parent.getSpec()
                .getConfiguration()
                .put("kubernetes.operator.bluegreen.abort.grace-period", "3 s");
        h.create(parent);
        h.annotate("orders", "bluegreen.dev/promote", "first");
        h.awaitState("orders", "ACTIVE_BLUE");
        h.editTemplate("orders", t -> t.put("image", "v2"));
        await().atMost(Harness.WAIT)
                .until(() -> "Soaking".equals(h.condition("orders", "Progressing")));
        String firstSnapshot = h.get("orders").getStatus().getTransition().getSavepointSnapshot();

        h.fake.failJob("orders-green");

        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:RollbackToBlue"));
        h.awaitState("orders", "ACTIVE_BLUE");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);
        h.fake.recoverJob("orders-green");
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
        h.awaitState("orders", "ACTIVE_GREEN");
        String path = spec(h.child("orders-green"), "spec", "job", "initialSavepointPath");
        assertThat(path)
                .isNotEqualTo("file:///savepoints/orders-" + firstSnapshot)
                .startsWith("file:///savepoints/orders-t");
    }

    @Test
    void suspendDuringTransitionSupersedesItAndSuspendsTheServingBlue() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.holdJobs();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "TRANSITIONING_TO_GREEN");

        h.editTemplate("orders", t -> t.withObjectProperty("job").put("state", "suspended"));

        h.awaitState("orders", "SUSPENDED_BLUE");
        assertThat(spec(h.child("orders-blue"), "spec", "job", "state")).isEqualTo("suspended");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);
    }

    @Test
    void specChangeDuringTheFirstDeploymentRedeploysBlueInPlace() {
        h.fake.holdJobs();
        h.create(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.awaitState("orders", "TRANSITIONING_TO_BLUE");

        h.editTemplate("orders", t -> t.put("image", "v2"));
        await().atMost(Harness.WAIT)
                .until(() -> "v2".equals(spec(h.child("orders-blue"), "spec", "image")));
        h.fake.startJobs();

        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.get("orders").getStatus().getLastStableSpec()).contains("\"v2\"");
        assertThat(h.child("orders-green")).isNull();
    }

    @Test
    void suspendWhileBlueIsNotReadyIsAppliedInPlace() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.failJob("orders-blue");
        h.awaitState("orders", "FAILING_BLUE");

        h.editTemplate(
                "orders",
                t -> t.withObjectProperty("job").put("state", "suspended").put("parallelism", 9));

        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                "suspended"
                                        .equals(
                                                spec(
                                                        h.child("orders-blue"),
                                                        "spec",
                                                        "job",
                                                        "state")));
        assertThat(spec(h.child("orders-blue"), "spec", "job", "parallelism")).isEqualTo("9");
        assertThat(h.child("orders-green")).isNull();
    }

    @Test
    void childAndParentChangedTogetherPatchesInPlace() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        h.edit(
                "orders",
                p -> {
                    p.getSpec()
                            .getConfiguration()
                            .put("kubernetes.operator.bluegreen.deployment-deletion.delay", "1 s");
                    ((com.fasterxml.jackson.databind.node.ObjectNode)
                                    p.getSpec().getTemplate().getSpec())
                            .withObjectProperty("flinkConfiguration")
                            .put("kubernetes.operator.reconcile.interval", "100 s");
                    return p;
                });

        await().atMost(Harness.WAIT)
                .until(() -> h.get("orders").getStatus().getLastStableSpec().contains("100 s"));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.get("orders").getStatus().getLastStableSpec())
                .contains("deployment-deletion.delay");
        assertThat(h.child("orders-green")).isNull();
    }
}
