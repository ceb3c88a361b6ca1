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

/** Failures: the running job is never lost (upstream verifyFailure*, verifySavepointFailure*). */
@EnableKubernetesMockClient(crud = true)
class FailureIT {
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

    private void deployedWithGrace(String grace) {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec()
                .getConfiguration()
                .put("kubernetes.operator.bluegreen.abort.grace-period", grace);
        h.deployed(parent);
    }

    @Test
    void greenNeverReadyRollsBackAndLeavesBlueUntouched() {
        deployedWithGrace("1 s");
        var blue = h.child("orders-blue");
        h.fake.holdJobs();

        h.editTemplate("orders", t -> t.put("image", "broken"));

        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:RollbackToBlue"));
        h.awaitState("orders", "ACTIVE_BLUE");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);
        var after = h.child("orders-blue");
        assertThat(after.getMetadata().getGeneration())
                .isEqualTo(blue.getMetadata().getGeneration());
        assertThat(spec(after, "status", "jobStatus", "jobId"))
                .isEqualTo(spec(blue, "status", "jobStatus", "jobId"));
        assertThat(spec(after, "spec", "image")).isEqualTo("flink:1.20");
    }

    @Test
    void failedSpecIsNotRetriedButANewChangeTransitionsBetterThanUpstream() {
        deployedWithGrace("1 s");
        h.fake.holdJobs();
        h.editTemplate("orders", t -> t.put("image", "broken"));
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:RollbackToBlue"));
        h.awaitState("orders", "ACTIVE_BLUE");
        h.fake.startJobs();

        h.editTemplate("orders", t -> t.put("image", "fixed"));

        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(spec(h.child("orders-green"), "spec", "image")).isEqualTo("fixed");
    }

    @Test
    void savepointFailureKeepsBlueServingWithAWarning() {
        deployedWithGrace("10 min");
        h.fake.failSnapshots();

        h.editTemplate("orders", t -> t.put("image", "v2"));

        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:SavepointFailed"));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.child("orders-green")).isNull();
        assertThat(spec(h.child("orders-blue"), "status", "jobStatus", "state"))
                .isEqualTo("RUNNING");
    }

    @Test
    void savepointFailureRecoversWithTheNextChangeAndAFreshSavepoint() {
        deployedWithGrace("10 min");
        h.fake.failSnapshots();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:SavepointFailed"));
        h.fake.completeSnapshots();

        h.editTemplate("orders", t -> t.put("image", "v3"));

        h.awaitState("orders", "ACTIVE_GREEN");
        String path = spec(h.child("orders-green"), "spec", "job", "initialSavepointPath");
        var snapshot = h.fake.snapshot(Harness.NS, path.substring("file:///savepoints/".length()));
        assertThat(spec(snapshot, "status", "state")).isEqualTo("COMPLETED");
    }

    @Test
    void handDeletedServingChildIsRecreated() {
        deployedWithGrace("10 min");
        String uid = h.child("orders-blue").getMetadata().getUid();

        client.genericKubernetesResources("flink.apache.org/v1beta1", "FlinkDeployment")
                .inNamespace(Harness.NS)
                .withName("orders-blue")
                .delete();

        await().atMost(Harness.WAIT)
                .until(
                        () -> {
                            var blue = h.child("orders-blue");
                            return blue != null && !uid.equals(blue.getMetadata().getUid());
                        });
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.eventReasons("orders")).contains("Warning:ChildRecreated");
    }

    @Test
    void handDeletedIncomingGreenIsRecreatedFromTheSameSavepoint() {
        deployedWithGrace("10 min");
        h.fake.holdJobs();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "TRANSITIONING_TO_GREEN");
        var green = h.child("orders-green");
        String path = spec(green, "spec", "job", "initialSavepointPath");

        client.genericKubernetesResources("flink.apache.org/v1beta1", "FlinkDeployment")
                .inNamespace(Harness.NS)
                .withName("orders-green")
                .delete();
        await().atMost(Harness.WAIT)
                .until(
                        () -> {
                            var again = h.child("orders-green");
                            return again != null
                                    && !again.getMetadata()
                                            .getUid()
                                            .equals(green.getMetadata().getUid());
                        });
        h.fake.startJobs();

        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(spec(h.child("orders-green"), "spec", "job", "initialSavepointPath"))
                .isEqualTo(path);
        assertThat(
                        client.genericKubernetesResources(
                                        "flink.apache.org/v1beta1", "FlinkStateSnapshot")
                                .inNamespace(Harness.NS)
                                .list()
                                .getItems())
                .hasSize(1);
    }

    @Test
    void failingBlueIsReportedAndATransitionAwayFromItWorksBetterThanUpstream() {
        deployedWithGrace("10 min");
        h.fake.failJob("orders-blue");
        h.awaitState("orders", "FAILING_BLUE");

        h.editTemplate("orders", t -> t.put("image", "fixed"));

        h.awaitState("orders", "ACTIVE_GREEN");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-blue") == null);
    }

    @Test
    void invalidSpecSetsTheConditionAndAWarningAndTouchesNothing() {
        deployedWithGrace("10 min");
        var blue = h.child("orders-blue");

        h.option("orders", "kubernetes.operator.bluegreen.abort.grace-period", "soon");

        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                h.get("orders").getStatus().getConditions().stream()
                                        .anyMatch(
                                                c ->
                                                        c.getType().equals("InvalidSpec")
                                                                && c.getStatus().equals("True")));
        var condition =
                h.get("orders").getStatus().getConditions().stream()
                        .filter(c -> c.getType().equals("InvalidSpec"))
                        .findFirst()
                        .orElseThrow();
        assertThat(condition.getMessage()).contains("abort.grace-period");
        assertThat(h.eventReasons("orders")).contains("Warning:InvalidSpec");
        assertThat(h.child("orders-blue").getMetadata().getResourceVersion())
                .isEqualTo(blue.getMetadata().getResourceVersion());
        assertThat(h.child("orders-green")).isNull();

        h.option("orders", "kubernetes.operator.bluegreen.abort.grace-period", "10 min");
        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                h.get("orders").getStatus().getConditions().stream()
                                        .noneMatch(
                                                c ->
                                                        c.getType().equals("InvalidSpec")
                                                                && c.getStatus().equals("True")));
    }
}
