package dev.bluegreen.operator.it;

import dev.bluegreen.operator.resource.ParentIngressSpec;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Blue/green transitions end to end (upstream verifyBasicTransition and its relatives). */
@EnableKubernetesMockClient(crud = true)
class TransitionIT {
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

    static ParentIngressSpec ingress() {
        var ingress = new ParentIngressSpec();
        ingress.setTemplate("{{name}}.{{namespace}}.example.com");
        ingress.setClassName("nginx");
        return ingress;
    }

    @Test
    void trafficSwitchesToGreenBeforeBlueIsDeletedBetterThanUpstream() throws Exception {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setIngress(ingress());
        h.deployed(parent);
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-blue-rest");
        drain();

        h.editTemplate("orders", t -> t.put("image", "flink:1.20.1"));
        h.awaitState("orders", "ACTIVE_GREEN");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-blue") == null);

        List<String> writes = drain();
        int switched =
                indexOf(
                        writes,
                        "PUT /apis/networking.k8s.io/v1/namespaces/default/ingresses/orders");
        int deleted =
                indexOf(
                        writes,
                        "DELETE /apis/flink.apache.org/v1beta1/namespaces/default/flinkdeployments/orders-blue");
        assertThat(switched).as("ingress switch in %s", writes).isNotNegative();
        assertThat(deleted).as("blue deletion in %s", writes).isGreaterThan(switched);
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-green-rest");
    }

    @Test
    void statelessTransitionTakesNoSavepointAndStartsFromTheSpecsPath() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "stateless")));

        h.editTemplate(
                "orders",
                t -> {
                    t.put("image", "flink:1.20.1");
                    t.withObjectProperty("job").put("initialSavepointPath", "/user/sp");
                });

        h.awaitState("orders", "ACTIVE_GREEN");
        var green = h.child("orders-green");
        assertThat(spec(green, "spec", "job", "initialSavepointPath")).isEqualTo("/user/sp");
        assertThat(
                        client.genericKubernetesResources(
                                        "flink.apache.org/v1beta1", "FlinkStateSnapshot")
                                .inNamespace(Harness.NS)
                                .list()
                                .getItems())
                .isEmpty();
    }

    @Test
    void savepointRedeployNonceStartsGreenFromTheUsersPathWithoutASavepoint() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        h.editTemplate(
                "orders",
                t ->
                        t.withObjectProperty("job")
                                .put("initialSavepointPath", "s3://bucket/my-sp")
                                .put("savepointRedeployNonce", 12345));

        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(spec(h.child("orders-green"), "spec", "job", "initialSavepointPath"))
                .isEqualTo("s3://bucket/my-sp");
        assertThat(h.fake.snapshot(Harness.NS, "orders-t2-savepoint")).isNull();
    }

    @Test
    void ingressIsCreatedOnlyWhenConfigured() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        assertThat(
                        client.network()
                                .v1()
                                .ingresses()
                                .inNamespace(Harness.NS)
                                .withName("orders")
                                .get())
                .isNull();

        h.edit(
                "orders",
                p -> {
                    p.getSpec().setIngress(ingress());
                    return p;
                });

        await().atMost(Harness.WAIT)
                .until(() -> "orders-blue-rest".equals(h.ingressBackend("orders")));
        assertThat(h.state("orders")).isEqualTo("ACTIVE_BLUE");
        assertThat(h.child("orders-green")).isNull();
    }

    @Test
    void specChangeDuringTransitionEndsOnTheLatestSpec() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.holdJobs();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "TRANSITIONING_TO_GREEN");

        h.editTemplate("orders", t -> t.put("image", "v3"));
        h.fake.startJobs();

        await().atMost(Harness.WAIT)
                .until(
                        () -> {
                            var parent = h.get("orders");
                            var active = parent.getStatus().getActiveChild();
                            return parent.getStatus().getState().startsWith("ACTIVE")
                                    && active != null
                                    && h.child(active) != null
                                    && "v3".equals(spec(h.child(active), "spec", "image"));
                        });
        assertThat(h.get("orders").getStatus().getLastStableSpec()).contains("\"v3\"");
    }

    private List<String> drain() {
        return h.controllerWrites();
    }

    private static int indexOf(List<String> writes, String prefix) {
        for (int i = 0; i < writes.size(); i++) {
            if (writes.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }
}
