package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
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
 * A hand edit of the parent Ingress or HTTPRoute while the parent is at rest: the edit's watch
 * event reconciles the parent, and that reconcile writes the object back (one PUT), before the test
 * looks again. Before and after, a settled parent sends no request at all, reads included. The hand
 * edits are PUTs with the fabric8 client (the embedded API's kubectl discovery serves no {@code
 * networking.k8s.io} group); {@code kubectl edit} sends a patch to the same effect.
 */
@EnableKubernetesMockClient(crud = true)
class TrafficHandEditIT {
    static final String INGRESS = "/apis/networking.k8s.io/v1/namespaces/default/ingresses/orders";
    static final String ROUTE = HttpRouteIT.ROUTES + "/orders";

    KubernetesClient client;
    KubernetesMockServer server;
    Harness h;
    Reconciles reconciles;
    int touches;

    @BeforeEach
    void start() {
        EmbeddedApi.installHttpRouteCrd(client);
        h = new Harness(client, server);
        reconciles = new Reconciles(h.registry);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void aHandEditOfTheParentIngressIsUndoneByTheReconcileOfItsWatchEvent() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setIngress(TransitionIT.ingress());
        h.deployed(parent);
        await().atMost(Harness.WAIT)
                .until(() -> "orders-blue-rest".equals(h.ingressBackend("orders")));
        settle();

        reconciles.afterTrigger(() -> pointIngressAt("elsewhere-rest"));

        assertThat(h.ingressBackend("orders")).isEqualTo("orders-blue-rest");
        assertThat(h.controllerWrites()).containsExactly("PUT " + INGRESS);
        assertThat(requestsOfAReconcileAtRest()).as("requests after the undo").isEmpty();
    }

    @Test
    void aHandEditOfTheParentRouteIsUndoneByTheReconcileOfItsWatchEvent() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setHttpRoute(HttpRouteIT.route());
        h.deployed(parent);
        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                route() != null
                                        && HttpRouteIT.backends(route())
                                                .equals(List.of("orders-blue-rest")));
        settle();

        reconciles.afterTrigger(() -> pointRouteAt("elsewhere-rest"));

        assertThat(HttpRouteIT.backends(route())).containsExactly("orders-blue-rest");
        assertThat(h.controllerWrites()).containsExactly("PUT " + ROUTE);
        assertThat(requestsOfAReconcileAtRest()).as("requests after the undo").isEmpty();
    }

    @Test
    void aParentAtRestWithBothTrafficObjectsSendsNoRequest() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setIngress(TransitionIT.ingress());
        parent.getSpec().setHttpRoute(HttpRouteIT.route());
        h.deployed(parent);
        await().atMost(Harness.WAIT).until(() -> route() != null && ingress() != null);
        settle();

        assertThat(requestsOfAReconcileAtRest()).as("requests of a parent at rest").isEmpty();
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-blue-rest");
        assertThat(HttpRouteIT.backends(route())).containsExactly("orders-blue-rest");
    }

    /** Waits until a reconcile forced by an ignored annotation sends no request. */
    private void settle() {
        await().atMost(Harness.WAIT).until(() -> requestsOfAReconcileAtRest().isEmpty());
    }

    /**
     * The controller's requests (watches aside) of the reconciles after an annotation the diff
     * ignores, with those before it drained.
     */
    private List<String> requestsOfAReconcileAtRest() {
        h.drain();
        reconciles.afterTrigger(
                () -> h.annotate("orders", "example.com/touch", Integer.toString(++touches)));
        return h.drain().stream()
                .filter(c -> Harness.CONTROLLER_AGENT.equals(c.agent()))
                .filter(c -> !c.path().contains("watch="))
                .map(Harness.Call::toString)
                .toList();
    }

    private void pointIngressAt(String service) {
        Ingress edited = ingress();
        edited.getSpec()
                .getRules()
                .get(0)
                .getHttp()
                .getPaths()
                .get(0)
                .getBackend()
                .getService()
                .setName(service);
        client.resource(edited).update();
    }

    private void pointRouteAt(String service) {
        HTTPRoute edited = route();
        edited.getSpec().getRules().get(0).getBackendRefs().get(0).setName(service);
        client.resource(edited).update();
    }

    private Ingress ingress() {
        return client.network().v1().ingresses().inNamespace(Harness.NS).withName("orders").get();
    }

    private HTTPRoute route() {
        return client.resources(HTTPRoute.class).inNamespace(Harness.NS).withName("orders").get();
    }
}
