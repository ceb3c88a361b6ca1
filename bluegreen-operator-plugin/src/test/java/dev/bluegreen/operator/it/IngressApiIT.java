package dev.bluegreen.operator.it;

import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.operator.controller.BlueGreenController;

import io.fabric8.kubernetes.api.model.networking.v1beta1.Ingress;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.VersionInfo;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A server that reports Kubernetes 1.18 gets a {@code networking.k8s.io/v1beta1} parent Ingress
 * (the v1 path is covered by {@code TransitionIT}, whose mock server reports no old version).
 */
@EnableKubernetesMockClient(crud = true)
class IngressApiIT {
    KubernetesClient client;
    KubernetesMockServer server;
    Harness h;

    @BeforeEach
    void start() {
        // the mock server answers GET /version itself, from this value
        server.setVersionInfo(
                new VersionInfo.Builder()
                        .withMajor("1")
                        .withMinor("18")
                        .withGitVersion("v1.18.20")
                        .build());
        h = new Harness(client, server);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    private String backend() {
        Ingress ingress =
                client.resources(Ingress.class).inNamespace(Harness.NS).withName("orders").get();
        return ingress == null
                ? null
                : ingress.getSpec()
                        .getRules()
                        .get(0)
                        .getHttp()
                        .getPaths()
                        .get(0)
                        .getBackend()
                        .getServiceName();
    }

    @Test
    void serverVersionIsReadAtStartUp() {
        assertThat(BlueGreenController.ingressApiVersion(client))
                .isEqualTo(IngressApiVersion.NETWORKING_V1BETA1);
    }

    @Test
    void serverOlderThan119GetsAV1beta1IngressThatFollowsGreen() {
        // Given a parent with an ingress on a 1.18 server
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setIngress(TransitionIT.ingress());
        h.deployed(parent);
        await().atMost(Harness.WAIT).until(() -> "orders-blue-rest".equals(backend()));
        h.drain();

        // When blue -> green
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "ACTIVE_GREEN");

        // Then the v1beta1 Ingress was switched, and no v1 Ingress was ever written
        await().atMost(Harness.WAIT).until(() -> "orders-green-rest".equals(backend()));
        assertThat(h.controllerWrites())
                .contains("PUT /apis/networking.k8s.io/v1beta1/namespaces/default/ingresses/orders")
                .noneMatch(w -> w.contains("/networking.k8s.io/v1/"));
        assertThat(client.network().v1().ingresses().inNamespace(Harness.NS).list().getItems())
                .isEmpty();
    }
}
