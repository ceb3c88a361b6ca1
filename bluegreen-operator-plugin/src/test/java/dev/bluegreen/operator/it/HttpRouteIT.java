package dev.bluegreen.operator.it;

import dev.bluegreen.operator.resource.GatewayParentRef;
import dev.bluegreen.operator.resource.HttpRoutePreviewSpec;
import dev.bluegreen.operator.resource.ParentHttpRouteSpec;
import dev.bluegreen.operator.resource.PreviewHeaderSpec;

import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRouteRule;
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
 * The parent Gateway API HTTPRoute ({@code spec.httpRoute}) on the embedded API server with the
 * HTTPRoute CRD installed: created on the first deployment, a preview rule to green while green
 * runs during a transition, gone on promote or abort, switched before blue is retired, quiet in
 * steady state, deleted with the parent.
 */
@EnableKubernetesMockClient(crud = true)
class HttpRouteIT {
    static final String ROUTES = "/apis/gateway.networking.k8s.io/v1/namespaces/default/httproutes";

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

    /** A route on Gateway {@code gateways/public}, listener {@code https}, for one hostname. */
    static ParentHttpRouteSpec route() {
        var gateway = new GatewayParentRef();
        gateway.setName("public");
        gateway.setNamespace("gateways");
        gateway.setSectionName("https");
        var route = new ParentHttpRouteSpec();
        route.setParentRefs(List.of(gateway));
        route.setHostnames(List.of("orders.example.com"));
        return route;
    }

    /** {@link #route()} with the preview header {@code x-bluegreen-preview: green}. */
    static ParentHttpRouteSpec routeWithPreview() {
        var header = new PreviewHeaderSpec();
        header.setName("x-bluegreen-preview");
        header.setValue("green");
        var preview = new HttpRoutePreviewSpec();
        preview.setHeader(header);
        var route = route();
        route.setPreview(preview);
        return route;
    }

    @Test
    void firstDeploymentCreatesTheRouteToBlueAndNoIngress() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setHttpRoute(route());

        h.deployed(parent);

        HTTPRoute route = awaitRoute(r -> backends(r).equals(List.of("orders-blue-rest")));
        var ref = route.getSpec().getParentRefs().get(0);
        assertThat(List.of(ref.getName(), ref.getNamespace(), ref.getSectionName()))
                .containsExactly("public", "gateways", "https");
        assertThat(route.getSpec().getHostnames()).containsExactly("orders.example.com");
        var rule = route.getSpec().getRules().get(0);
        assertThat(rule.getBackendRefs().get(0).getPort()).isEqualTo(8081);
        assertThat(rule.getBackendRefs().get(0).getWeight()).isEqualTo(100);
        assertThat(route.getMetadata().getOwnerReferences().get(0).getName()).isEqualTo("orders");
        assertThat(client.network().v1().ingresses().inNamespace(Harness.NS).list().getItems())
                .isEmpty();
        assertThat(routeWrites(h.controllerWrites())).containsExactly("POST " + ROUTES);
    }

    @Test
    void previewRuleSendsTheHeaderToGreenWhileItRunsAndAnAbortRemovesItBeforeGreenIsDeleted() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setHttpRoute(routeWithPreview());
        h.deployed(parent);
        awaitRoute(r -> backends(r).equals(List.of("orders-blue-rest")));
        h.option("orders", "kubernetes.operator.bluegreen.readiness.soak", "1 h");

        h.editTemplate("orders", t -> t.put("image", "v2"));

        await().atMost(Harness.WAIT)
                .until(() -> "Soaking".equals(h.condition("orders", "Progressing")));
        HTTPRoute previewing =
                awaitRoute(
                        r -> backends(r).equals(List.of("orders-green-rest", "orders-blue-rest")));
        var header = previewing.getSpec().getRules().get(0).getMatches().get(0).getHeaders();
        assertThat(header)
                .singleElement()
                .satisfies(
                        m -> {
                            assertThat(m.getName()).isEqualTo("x-bluegreen-preview");
                            assertThat(m.getValue()).isEqualTo("green");
                            assertThat(m.getType()).isEqualTo("Exact");
                        });
        assertThat(h.state("orders")).isEqualTo("TRANSITIONING_TO_GREEN");
        h.drain();

        h.annotate("orders", "bluegreen.dev/abort", "a1");

        h.awaitState("orders", "ACTIVE_BLUE");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);
        assertThat(backends(liveRoute())).containsExactly("orders-blue-rest");
        List<String> writes = h.controllerWrites();
        int previewRemoved = writes.indexOf("PUT " + ROUTES + "/orders");
        int greenDeleted =
                writes.indexOf(
                        "DELETE /apis/flink.apache.org/v1beta1/namespaces/default/flinkdeployments/orders-green");
        assertThat(previewRemoved).as("route write in %s", writes).isNotNegative();
        assertThat(greenDeleted).as("green deletion in %s", writes).isGreaterThan(previewRemoved);
    }

    @Test
    void promotedTransitionMovesTheRouteToGreenBeforeBlueIsDeleted() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setHttpRoute(routeWithPreview());
        h.deployed(parent);
        awaitRoute(r -> true);
        h.option("orders", "kubernetes.operator.bluegreen.readiness.soak", "1 h");
        h.drain();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        awaitRoute(r -> backends(r).equals(List.of("orders-green-rest", "orders-blue-rest")));

        h.annotate("orders", "bluegreen.dev/promote", "p1");

        h.awaitState("orders", "ACTIVE_GREEN");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-blue") == null);
        assertThat(backends(liveRoute())).containsExactly("orders-green-rest");
        List<String> writes = h.controllerWrites();
        assertThat(routeWrites(writes))
                .as("route writes of the transition: preview rule added, then the switch")
                .containsExactly("PUT " + ROUTES + "/orders", "PUT " + ROUTES + "/orders");
        int switched = writes.lastIndexOf("PUT " + ROUTES + "/orders");
        int blueDeleted =
                writes.indexOf(
                        "DELETE /apis/flink.apache.org/v1beta1/namespaces/default/flinkdeployments/orders-blue");
        assertThat(switched).as("route switch in %s", writes).isNotNegative();
        assertThat(blueDeleted).as("blue deletion in %s", writes).isGreaterThan(switched);
    }

    @Test
    void previewIsOffByDefault() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setHttpRoute(route());
        h.deployed(parent);
        h.option("orders", "kubernetes.operator.bluegreen.readiness.soak", "1 h");
        h.editTemplate("orders", t -> t.put("image", "v2"));
        await().atMost(Harness.WAIT)
                .until(() -> "Soaking".equals(h.condition("orders", "Progressing")));
        // green runs: one more reconcile, observably finished, adds no rule
        new Reconciles(h.registry).afterTrigger(() -> h.annotate("orders", "example.com/t", "1"));

        assertThat(backends(liveRoute())).containsExactly("orders-blue-rest");
    }

    @Test
    void steadyStateWritesNothingWithARouteAndWhilePreviewing() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setHttpRoute(routeWithPreview());
        h.deployed(parent);
        awaitRoute(r -> backends(r).equals(List.of("orders-blue-rest")));
        var reconciles = new Reconciles(h.registry);
        int[] touch = {0};
        // settled: a forced reconcile (an annotation the diff ignores) writes nothing
        await().atMost(Harness.WAIT)
                .until(
                        () -> {
                            h.drain();
                            reconciles.afterTrigger(() -> touch(++touch[0]));
                            return h.controllerWrites().isEmpty();
                        });

        reconciles.afterTrigger(() -> touch(++touch[0]));
        assertThat(h.controllerWrites()).as("controller writes at rest").isEmpty();

        h.option("orders", "kubernetes.operator.bluegreen.readiness.soak", "1 h");
        h.editTemplate("orders", t -> t.put("image", "v2"));
        awaitRoute(r -> backends(r).equals(List.of("orders-green-rest", "orders-blue-rest")));
        h.drain();
        reconciles.afterTrigger(() -> touch(++touch[0]));
        assertThat(h.controllerWrites())
                .as("controller writes while previewing")
                .noneMatch(w -> w.contains("/httproutes"));
    }

    @Test
    void deletingTheParentDeletesTheRoute() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setHttpRoute(route());
        h.deployed(parent);
        awaitRoute(r -> true);

        client.resource(h.get("orders")).delete();

        await().atMost(Harness.WAIT).until(() -> h.get("orders") == null);
        assertThat(liveRoute()).isNull();
        assertThat(h.child("orders-blue")).isNull();
    }

    @Test
    void aRouteWithoutGatewaysIsRefusedNamingTheFieldAndNothingIsDeployed() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        var route = route();
        route.setParentRefs(List.of());
        parent.getSpec().setHttpRoute(route);

        h.create(parent);

        await().atMost(Harness.WAIT)
                .until(() -> "InvalidSpec".equals(h.condition("orders", "InvalidSpec")));
        assertThat(invalidSpecMessage()).contains("spec.httpRoute.parentRefs: at least one");
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:InvalidSpec"));
        assertThat(h.child("orders-blue")).isNull();
        assertThat(liveRoute()).isNull();
    }

    private static List<String> routeWrites(List<String> writes) {
        return writes.stream().filter(w -> w.contains(ROUTES)).toList();
    }

    private String invalidSpecMessage() {
        return h.get("orders").getStatus().getConditions().stream()
                .filter(c -> c.getType().equals("InvalidSpec"))
                .findFirst()
                .orElseThrow()
                .getMessage();
    }

    private void touch(int value) {
        h.annotate("orders", "example.com/touch", Integer.toString(value));
    }

    HTTPRoute liveRoute() {
        return client.resources(HTTPRoute.class).inNamespace(Harness.NS).withName("orders").get();
    }

    HTTPRoute awaitRoute(java.util.function.Predicate<HTTPRoute> condition) {
        await().atMost(Harness.WAIT)
                .until(() -> liveRoute() != null && condition.test(liveRoute()));
        return liveRoute();
    }

    /** The backend Service of each rule, in rule order. */
    static List<String> backends(HTTPRoute route) {
        return route.getSpec().getRules().stream()
                .map(HTTPRouteRule::getBackendRefs)
                .map(refs -> refs.get(0).getName())
                .toList();
    }
}
