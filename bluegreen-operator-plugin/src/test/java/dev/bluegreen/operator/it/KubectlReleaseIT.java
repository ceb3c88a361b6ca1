package dev.bluegreen.operator.it;

import dev.bluegreen.operator.internal.spec.ChildLabels;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static dev.bluegreen.operator.it.KubectlAdoptIT.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code kubectl bluegreen release}, run through the real kubectl against the embedded API. The
 * controller is stopped and the test plays its part: a finalizer holds the parent until the test
 * has checked what the plugin wrote, then releases the child and removes the finalizer.
 */
class KubectlReleaseIT {
    static final String HOLD = "test.bluegreen.dev/hold";
    static final String ON_DELETE = "bluegreen.dev/on-delete";

    KubectlStack stack;
    Harness h;
    KubectlPlugin kubectl;
    KubectlObjects objects;
    @TempDir Path dir;

    @BeforeEach
    void start() throws IOException {
        stack = new KubectlStack(dir);
        h = stack.h;
        h.stopController();
        kubectl = stack.kubectl;
        objects = new KubectlObjects(h);
    }

    @AfterEach
    void stop() {
        stack.close();
    }

    /** Parent orders, held by a finalizer, whose active child is the adopted checkout. */
    void adoptedParent(String state) {
        objects.runningDeployment(
                "checkout",
                Fixtures.job(2, "savepoint"),
                Map.of(ChildLabels.PARENT, "orders", ChildLabels.COLOR, "blue"));
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getMetadata().setFinalizers(List.of(HOLD));
        h.create(parent);
        objects.parentStatus(
                "orders",
                Map.of(
                        "state", state,
                        "activeColor", "BLUE",
                        "activeChild", "checkout",
                        "adoptedChild", "checkout"));
    }

    @Test
    void releaseMarksTheParentKeepActiveDeletesItAndWaitsUntilItIsGone() throws Exception {
        adoptedParent("ACTIVE_BLUE");
        Object jobId = Fixtures.at(objects.deployment("checkout"), "status", "jobStatus", "jobId");

        var release = CompletableFuture.supplyAsync(() -> kubectl.run("release", "orders"));

        await().atMost(Harness.WAIT)
                .until(() -> h.get("orders").getMetadata().getDeletionTimestamp() != null);
        assertThat(h.get("orders").getMetadata().getAnnotations())
                .containsEntry(ON_DELETE, "keep-active");
        assertThat(release).as("waits while the parent exists").isNotDone();
        releaseAsTheControllerDoes("checkout");
        h.edit(
                "orders",
                p -> {
                    p.getMetadata().setFinalizers(List.of());
                    return p;
                });

        var released = release.get(2, TimeUnit.MINUTES);
        assertThat(released.exit()).as("%s", released).isZero();
        assertThat(released.err()).isEmpty();
        assertThat(released.out())
                .isEqualTo(
                        "orders: bluegreen.dev/on-delete=keep-active set; deleting orders and"
                                + " waiting until it is gone\n"
                                + "orders: deleted; checkout keeps running as a plain"
                                + " FlinkDeployment (lifecycle STABLE, job RUNNING, job id "
                                + jobId
                                + "); its other child and objects are deleted\n");
        assertThat(h.get("orders")).isNull();
    }

    @Test
    void releaseSaysSoWhenTheActiveChildWasDeletedWithTheParent() {
        adoptedParent("TRANSITIONING_TO_GREEN");
        // a controller without keep-active deletes every child: here, by hand
        h.client
                .genericKubernetesResources("flink.apache.org/v1beta1", "FlinkDeployment")
                .inNamespace(Harness.NS)
                .withName("checkout")
                .delete();
        h.edit(
                "orders",
                p -> {
                    p.getMetadata().setFinalizers(List.of());
                    return p;
                });

        var released = kubectl.run("release", "orders");

        assertThat(released.exit()).as("%s", released).isEqualTo(1);
        assertThat(released.out())
                .isEqualTo(
                        "orders: bluegreen.dev/on-delete=keep-active set; deleting orders (the"
                                + " change in flight, TRANSITIONING_TO_GREEN, is dropped) and"
                                + " waiting until it is gone\n");
        assertThat(released.err())
                .isEqualTo(
                        "kubectl-bluegreen: orders: deleted, but checkout is gone too: the"
                                + " controller did not keep it (a controller without"
                                + " bluegreen.dev/on-delete support deletes every child)\n");
        assertThat(h.get("orders")).isNull();
    }

    @Test
    void releaseRefusesAParentWithoutAnActiveChildAndWritesNothing() {
        h.create(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        assertFails(
                kubectl.run("release", "orders"),
                "orders: no active child to keep (no status yet); to delete it with everything:"
                        + " kubectl delete flinkbluegreendeployments.v1alpha1.bluegreen.dev"
                        + " orders");
        assertFails(
                kubectl.run("release", "nosuch"),
                "nosuch: no FlinkBlueGreenDeployment of that name in namespace default");
        assertThat(h.get("orders").getMetadata().getDeletionTimestamp()).isNull();
        assertThat(h.get("orders").getMetadata().getAnnotations()).doesNotContainKey(ON_DELETE);
    }

    /** The controller's release: our labels off the kept child (its spec untouched). */
    private void releaseAsTheControllerDoes(String child) {
        var deployment = objects.deployment(child);
        deployment.getMetadata().setLabels(Map.of());
        h.client.resource(deployment).update();
    }
}
