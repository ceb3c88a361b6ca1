package dev.bluegreen.operator.it;

import dev.bluegreen.operator.controller.RestEndpoints;
import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.internal.process.RegisterOnceMetrics;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.standalone.ControllerOptions;
import dev.bluegreen.operator.standalone.ControllerProcess;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static dev.bluegreen.operator.it.InstallBase.only;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The controller configured as the namespaced install configures it ({@code docs/deploy-namespaced}
 * rendered by the real kubectl: its watched namespaces, the Lease in the controller's namespace)
 * runs a parent in a watched namespace from its first deployment through a blue→green change, and
 * every request it sends is allowed by the overlay's Roles and its one ClusterRole: nothing
 * cluster-wide but reading the CRDs it names. The embedded API does not authorize; the recorded
 * requests are checked as the API server's authorizer would check them ({@link Rbac}).
 */
@EnableKubernetesMockClient(crud = true)
class NamespacedInstallIT {
    static final Duration WAIT = Duration.ofSeconds(40);
    static final String AGENT = "bluegreen-namespaced-install-it";
    static final RegisterOnceMetrics METRICS = RegisterOnceMetrics.in(new SimpleMeterRegistry());

    KubernetesMockServer server;
    KubernetesClient client;

    @Test
    void everyRequestOfATransitionIsAllowedByTheNamespacedRbac() throws Exception {
        // given the overlay's settings and the embedded API
        List<JsonNode> overlay = InstallBase.render(InstallBase.NAMESPACED);
        Set<String> watched = NamespacedInstall.watched(overlay);
        String namespace = new TreeSet<>(watched).first();
        String controllerNamespace = only(overlay, "Deployment").at("/metadata/namespace").asText();
        EmbeddedApi.installCrd(client);
        EmbeddedApi.allowLeases(server);
        try (var fake = FakeFlinkOperator.start(client);
                var replica = newClient();
                var process =
                        ControllerProcess.start(
                                replica,
                                options(watched, controllerNamespace),
                                METRICS,
                                () -> {})) {
            // when a parent in a watched namespace is deployed and then changed
            client.resource(Fixtures.orders(namespace)).create();
            await().atMost(WAIT)
                    .until(() -> "ACTIVE_BLUE".equals(Fixtures.ordersState(client, namespace)));
            changeImage(namespace);
            await().atMost(WAIT)
                    .until(() -> "ACTIVE_GREEN".equals(Fixtures.ordersState(client, namespace)));
            assertThat(fake.deployment(namespace, "orders-green")).isNotNull();
        }

        // then every request the controller sent is allowed by the overlay's rules
        List<Harness.Call> calls = controllerRequests();
        assertThat(calls)
                .extracting(Harness.Call::toString)
                .anyMatch(c -> c.startsWith("POST /apis/flink.apache.org/v1beta1/namespaces/"))
                .anyMatch(c -> c.contains("/namespaces/" + controllerNamespace + "/leases/"));
        Rbac.fromDocs(overlay).assertAllows(calls);
        List<String> readable = new ArrayList<>();
        only(overlay, "ClusterRole")
                .at("/rules/0/resourceNames")
                .forEach(n -> readable.add(n.asText()));
        assertThat(crdsRead(calls)).isNotEmpty().isSubsetOf(readable);
    }

    private void changeImage(String namespace) {
        await().atMost(WAIT)
                .ignoreExceptions()
                .until(
                        () -> {
                            var parent =
                                    client.resources(FlinkBlueGreenDeployment.class)
                                            .inNamespace(namespace)
                                            .withName("orders")
                                            .get();
                            ((ObjectNode) parent.getSpec().getTemplate().getSpec())
                                    .put("image", "flink:1.20-v2");
                            client.resource(parent).update();
                            return true;
                        });
    }

    /** The names of the CRDs the controller read (they are cluster-scoped). */
    private static List<String> crdsRead(List<Harness.Call> calls) {
        String prefix = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/";
        return calls.stream()
                .map(Harness.Call::path)
                .filter(p -> p.startsWith(prefix))
                .map(p -> p.substring(prefix.length()).split("\\?", 2)[0])
                .distinct()
                .toList();
    }

    private List<Harness.Call> controllerRequests() throws InterruptedException {
        List<Harness.Call> calls = new ArrayList<>();
        RecordedRequest request;
        while ((request = server.takeRequest(1, TimeUnit.MILLISECONDS)) != null) {
            if (AGENT.equals(request.getHeader("User-Agent"))) {
                calls.add(new Harness.Call(AGENT, request.getMethod(), request.getPath()));
            }
        }
        return calls;
    }

    private static ControllerOptions options(Set<String> namespaces, String leaseNamespace) {
        return new ControllerOptions(
                namespaces,
                true,
                ControllerOptions.DEFAULT_LEASE_NAME,
                Optional.of(leaseNamespace),
                "namespaced-it",
                0,
                RestEndpoints.IN_CLUSTER_TEMPLATE);
    }

    private KubernetesClient newClient() {
        return new KubernetesClientBuilder()
                .withConfig(
                        new ConfigBuilder(client.getConfiguration()).withUserAgent(AGENT).build())
                .build();
    }
}
