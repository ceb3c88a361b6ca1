package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Moving a live parent between its traffic objects: the new one is created before the old one is
 * deleted, in the same reconcile, so there is no moment with neither; both may also be kept side by
 * side (a migration).
 */
@EnableKubernetesMockClient(crud = true)
class TrafficObjectSwitchIT {
    static final String INGRESS = "/apis/networking.k8s.io/v1/namespaces/default/ingresses/orders";
    static final String ROUTE = HttpRouteIT.ROUTES + "/orders";

    KubernetesClient client;
    KubernetesMockServer server;
    Harness h;

    @BeforeEach
    void start() {
        EmbeddedApi.installHttpRouteCrd(client);
        h = new Harness(client, server);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void ingressReplacedByARouteCreatesTheRouteBeforeDeletingTheIngress() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setIngress(TransitionIT.ingress());
        h.deployed(parent);
        await().atMost(Harness.WAIT).until(() -> ingress() != null);
        h.drain();

        h.edit(
                "orders",
                p -> {
                    p.getSpec().setIngress(null);
                    p.getSpec().setHttpRoute(HttpRouteIT.route());
                    return p;
                });

        await().atMost(Harness.WAIT).until(() -> ingress() == null);
        assertThat(HttpRouteIT.backends(route())).containsExactly("orders-blue-rest");
        List<String> writes = h.controllerWrites();
        assertThat(writes.indexOf("POST " + HttpRouteIT.ROUTES))
                .as("route created in %s", writes)
                .isNotNegative()
                .isLessThan(writes.indexOf("DELETE " + INGRESS));
        assertThat(h.state("orders")).isEqualTo("ACTIVE_BLUE");
    }

    @Test
    void routeReplacedByAnIngressCreatesTheIngressBeforeDeletingTheRoute() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setHttpRoute(HttpRouteIT.route());
        h.deployed(parent);
        await().atMost(Harness.WAIT).until(() -> route() != null);
        h.drain();

        h.edit(
                "orders",
                p -> {
                    p.getSpec().setHttpRoute(null);
                    p.getSpec().setIngress(TransitionIT.ingress());
                    return p;
                });

        await().atMost(Harness.WAIT).until(() -> route() == null);
        assertThat(ingress()).isNotNull();
        List<String> writes = h.controllerWrites();
        assertThat(writes.indexOf("POST /apis/networking.k8s.io/v1/namespaces/default/ingresses"))
                .as("ingress created in %s", writes)
                .isNotNegative()
                .isLessThan(writes.indexOf("DELETE " + ROUTE));
    }

    @Test
    void bothObjectsFollowTheActiveChildThroughATransition() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setIngress(TransitionIT.ingress());
        parent.getSpec().setHttpRoute(HttpRouteIT.route());
        h.deployed(parent);

        h.editTemplate("orders", t -> t.put("image", "v2"));

        h.awaitState("orders", "ACTIVE_GREEN");
        await().atMost(Harness.WAIT)
                .until(() -> HttpRouteIT.backends(route()).equals(List.of("orders-green-rest")));
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-green-rest");
    }

    private io.fabric8.kubernetes.api.model.networking.v1.Ingress ingress() {
        return client.network().v1().ingresses().inNamespace(Harness.NS).withName("orders").get();
    }

    private HTTPRoute route() {
        return client.resources(HTTPRoute.class).inNamespace(Harness.NS).withName("orders").get();
    }
}
