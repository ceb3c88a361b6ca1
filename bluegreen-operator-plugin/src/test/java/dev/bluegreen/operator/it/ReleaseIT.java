package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Leaving blue/green: a parent deleted with {@code bluegreen.dev/on-delete: keep-active} leaves its
 * active child running as a plain FlinkDeployment; the other child goes as usual.
 */
@EnableKubernetesMockClient(crud = true)
class ReleaseIT {
    static final String KEEP = "bluegreen.dev/on-delete";

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
    void releasesTheAdoptedDeploymentWithItsJobRunning() {
        // Given an adopted deployment
        var before = Adoptees.running(h, "orders-live", Fixtures.job(2, "savepoint"));
        h.create(Adoptees.parent("orders", "orders-live", Fixtures.job(2, "savepoint")));
        h.awaitState("orders", "ACTIVE_BLUE");

        // When the parent is deleted with keep-active
        h.annotate("orders", KEEP, "keep-active");
        h.client.resource(h.get("orders")).delete();

        // Then the parent is gone and the deployment runs on, plain, the same job run
        await().atMost(Harness.WAIT).until(() -> h.get("orders") == null);
        var released = h.child("orders-live");
        Adoptees.assertPlain(released);
        assertThat(released.getMetadata().getLabels()).containsEntry("app", "orders-live");
        assertThat(Adoptees.Run.of(released)).isEqualTo(before);
        assertThat(h.eventReasons("orders")).contains("Normal:Released");
    }

    @Test
    void releasesTheActiveChildAfterATransitionAndDeletesTheOther() {
        // Given a parent serving from green with blue retained (suspended)
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec()
                .getConfiguration()
                .put("kubernetes.operator.bluegreen.deployment-deletion.delay", "1 h");
        h.deployed(parent);
        h.editTemplate("orders", t -> t.put("image", "flink:v2"));
        h.awaitState("orders", "RETIRING_BLUE");
        var green = Adoptees.Run.of(h.child("orders-green"));

        // When the parent is deleted with keep-active
        h.annotate("orders", KEEP, "keep-active");
        h.client.resource(h.get("orders")).delete();

        // Then green keeps running, plain; blue is deleted
        await().atMost(Harness.WAIT).until(() -> h.get("orders") == null);
        Adoptees.assertPlain(h.child("orders-green"));
        assertThat(Adoptees.Run.of(h.child("orders-green"))).isEqualTo(green);
        await().atMost(Harness.WAIT).until(() -> h.child("orders-blue") == null);
    }

    @Test
    void anUnknownValueDeletesNothingAndSaysWhy() {
        // Given a running parent with a misspelt on-delete value
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.annotate("orders", KEEP, "keep_active");
        await().atMost(Harness.WAIT)
                .untilAsserted(
                        () ->
                                assertThat(Adoptees.conditionMessage(h, "orders", "InvalidSpec"))
                                        .startsWith(
                                                "True InvalidSpec: metadata.annotations[" + KEEP));

        // When it is deleted
        h.client.resource(h.get("orders")).delete();

        // Then nothing is deleted: the parent stays (finalizer), blue runs, a Warning says why
        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                h.eventReasons("orders").stream()
                                                .filter("Warning:InvalidSpec"::equals)
                                                .count()
                                        >= 2);
        assertThat(h.get("orders")).isNotNull();
        assertThat(h.child("orders-blue")).isNotNull();

        // When the value is fixed, the deletion completes (blue released)
        h.annotate("orders", KEEP, "keep-active");
        await().atMost(Harness.WAIT).until(() -> h.get("orders") == null);
        Adoptees.assertPlain(h.child("orders-blue"));
    }
}
