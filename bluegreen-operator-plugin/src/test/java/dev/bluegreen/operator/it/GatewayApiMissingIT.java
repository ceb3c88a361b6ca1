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
 * A cluster without the Gateway API's HTTPRoute CRD: a parent asking for an HTTPRoute gets the
 * InvalidSpec condition and a Warning event naming {@code spec.httpRoute}, and nothing is deployed
 * or routed; parents without a route are unaffected, and the controller never asks for routes.
 */
@EnableKubernetesMockClient(crud = true)
class GatewayApiMissingIT {
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
    void parentAskingForARouteIsRefusedWithAConditionAndAnEventAndNothingIsTouched() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setHttpRoute(HttpRouteIT.route());

        h.create(parent);

        await().atMost(Harness.WAIT)
                .until(() -> "InvalidSpec".equals(h.condition("orders", "InvalidSpec")));
        var condition =
                h.get("orders").getStatus().getConditions().stream()
                        .filter(c -> c.getType().equals("InvalidSpec"))
                        .findFirst()
                        .orElseThrow();
        assertThat(condition.getMessage())
                .startsWith("spec.httpRoute: the Gateway API is not installed")
                .contains("httproutes.gateway.networking.k8s.io");
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:InvalidSpec"));
        assertThat(h.child("orders-blue")).isNull();

        h.deployed(Fixtures.parent("payments", Fixtures.job(2, "savepoint")));
        assertThat(h.child("orders-blue")).isNull();
        assertThat(h.drain())
                .as("requests for HTTPRoutes")
                .noneMatch(c -> c.path().startsWith("/apis/gateway.networking.k8s.io/"));
    }
}
