package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Restarts, neighbours and the quiet steady state. */
@EnableKubernetesMockClient(crud = true)
class ResilienceIT {
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
    void controllerRestartWhileSavepointingResumesTheSameTransition() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.holdSnapshots();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "SAVEPOINTING_BLUE");
        String snapshot = h.get("orders").getStatus().getTransition().getSavepointSnapshot();

        h.stopController();
        h.fake.completeSnapshots();
        h.startController();

        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(spec(h.child("orders-green"), "spec", "job", "initialSavepointPath"))
                .isEqualTo("file:///savepoints/orders-" + snapshot);
    }

    @Test
    void controllerRestartWhileGreenStartsResumesWithoutASecondSavepoint() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.holdJobs();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "TRANSITIONING_TO_GREEN");
        String greenUid = h.child("orders-green").getMetadata().getUid();

        h.stopController();
        h.fake.startJobs();
        h.startController();

        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(h.child("orders-green").getMetadata().getUid()).isEqualTo(greenUid);
        assertThat(
                        client.genericKubernetesResources(
                                        "flink.apache.org/v1beta1", "FlinkStateSnapshot")
                                .inNamespace(Harness.NS)
                                .list()
                                .getItems())
                .hasSize(1);
    }

    @Test
    void specChangedEveryFewSecondsConvergesToTheLatest() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        for (int version = 2; version <= 5; version++) {
            String image = "v" + version;
            h.editTemplate("orders", t -> t.put("image", image));
            // the next change lands once the controller has acted on this one (it is in flight)
            await().atMost(Harness.WAIT).until(() -> actedOnLatestGeneration("orders"));
        }

        await().atMost(Duration.ofSeconds(40))
                .until(
                        () -> {
                            var parent = h.get("orders");
                            String active = parent.getStatus().getActiveChild();
                            return parent.getStatus().getState().startsWith("ACTIVE_")
                                    && active != null
                                    && h.child(active) != null
                                    && "v5".equals(spec(h.child(active), "spec", "image"));
                        });
        assertThat(h.get("orders").getStatus().getLastStableSpec()).contains("\"v5\"");
        assertThat(h.fake.lostAllRunningJobs()).isFalse();
    }

    @Test
    void controllerRestartWhileRetiringBlueFinishesTheTransition() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec()
                .getConfiguration()
                .put("kubernetes.operator.bluegreen.deployment-deletion.delay", "3 s");
        h.deployed(parent);
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "RETIRING_BLUE");

        h.stopController();
        h.startController();

        h.awaitState("orders", "ACTIVE_GREEN");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-blue") == null);
        assertThat(spec(h.child("orders-green"), "spec", "image")).isEqualTo("v2");
    }

    @Test
    void transitionWithQuicklyReadyChildrenTakesLittleControllerTime() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        long start = System.nanoTime();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "ACTIVE_GREEN");
        long millis = (System.nanoTime() - start) / 1_000_000;

        System.out.println(
                "TIMING blue->green with a savepoint, fake operator polling every 50 ms: "
                        + millis
                        + " ms");
        assertThat(millis).isLessThan(2000);
    }

    @Test
    void twoParentsInOneNamespaceDoNotInterfere() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.deployed(Fixtures.parent("payments", Fixtures.job(2, "savepoint")));
        String paymentsBlue = h.child("payments-blue").getMetadata().getResourceVersion();

        h.editTemplate("orders", t -> t.put("image", "v2"));

        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(h.state("payments")).isEqualTo("ACTIVE_BLUE");
        assertThat(h.child("payments-blue").getMetadata().getResourceVersion())
                .isEqualTo(paymentsBlue);
        assertThat(h.child("payments-green")).isNull();
    }

    @Test
    void steadyStateMakesNoWritesBetterThanUpstream() throws Exception {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setIngress(TransitionIT.ingress());
        h.deployed(parent);
        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                client.network()
                                                .v1()
                                                .ingresses()
                                                .inNamespace(Harness.NS)
                                                .withName("orders")
                                                .get()
                                        != null);
        // settled: a forced reconcile (an annotation the diff ignores) writes nothing but the touch
        var reconciles = new Reconciles(h.registry);
        int[] touch = {0};
        await().atMost(Harness.WAIT)
                .until(
                        () -> {
                            drainWrites();
                            reconciles.afterTrigger(() -> touch("orders", ++touch[0]));
                            return drainWrites().size() == 1;
                        });

        // When one more reconcile is forced, after the controller observably finished it
        reconciles.afterTrigger(() -> touch("orders", ++touch[0]));

        assertThat(drainWrites())
                .as("writes in steady state")
                .containsExactly(
                        "PUT /apis/bluegreen.dev/v1alpha1/namespaces/default/flinkbluegreendeployments/orders");
    }

    private void touch(String name, int value) {
        h.annotate(name, "example.com/touch", Integer.toString(value));
    }

    private boolean actedOnLatestGeneration(String name) {
        var parent = h.get(name);
        return parent.getStatus() != null
                && parent.getMetadata()
                        .getGeneration()
                        .equals(parent.getStatus().getObservedGeneration());
    }

    /** Writes of anyone (controller, fake operator, test) since the last drain. */
    private List<String> drainWrites() {
        return h.drain().stream()
                .filter(c -> !"GET".equals(c.method()))
                .map(Harness.Call::toString)
                .toList();
    }
}
