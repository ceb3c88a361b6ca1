package dev.bluegreen.operator.it;

import dev.bluegreen.operator.controller.RestEndpoints;
import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.internal.dashboard.DashboardServer;
import dev.bluegreen.operator.internal.process.RegisterOnceMetrics;
import dev.bluegreen.operator.standalone.ControllerOptions;
import dev.bluegreen.operator.standalone.ControllerProcess;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The dashboard of a running controller ({@link ControllerProcess} with a dashboard port) on the
 * embedded API server: the pages list the parents the controller reconciled, with their state and
 * history, and serving them sends no request to the API server.
 */
@EnableKubernetesMockClient(crud = true)
class DashboardIT {
    static final RegisterOnceMetrics METRICS = RegisterOnceMetrics.in(new SimpleMeterRegistry());
    static final Duration WAIT = Duration.ofSeconds(30);
    static final String AGENT = "bluegreen-dashboard-it-controller";

    KubernetesMockServer server;
    KubernetesClient client;
    final HttpClient http = HttpClient.newHttpClient();
    final int port = freePort();

    @Test
    void servesEveryReconciledParentFromTheCachesWithoutAnApiRequest() throws Exception {
        // given a controller with a dashboard, and two parents it brought to ACTIVE_BLUE
        EmbeddedApi.installCrd(client);
        try (var fake = FakeFlinkOperator.start(client);
                var controllerClient = newClient();
                var process =
                        ControllerProcess.start(controllerClient, options(), METRICS, () -> {});
                var dashboard =
                        ControllerProcess.openDashboard(
                                options(), () -> process, "--dashboard-port")) {
            client.resource(Fixtures.orders("team-a")).create();
            client.resource(Fixtures.orders("team-b")).create();
            await().atMost(WAIT)
                    .until(
                            () ->
                                    "ACTIVE_BLUE".equals(Fixtures.ordersState(client, "team-a"))
                                            && "ACTIVE_BLUE"
                                                    .equals(
                                                            Fixtures.ordersState(
                                                                    client, "team-b")));
            await().atMost(WAIT)
                    .until(() -> page(dashboard, "/").body().contains("ACTIVE_BLUE</td>"));
            awaitQuiet();

            // when the pages are served, several times
            var all = page(dashboard, "/");
            var teamA = page(dashboard, "/?namespace=team-a");
            var one = page(dashboard, "/parents/team-a/orders");
            for (int i = 0; i < 10; i++) {
                page(dashboard, "/");
                page(dashboard, "/parents/team-b/orders");
            }
            var controllerRequests = controllerRequests();

            // then they show both parents from the caches, and asked the API server nothing
            assertThat(all.statusCode()).isEqualTo(200);
            assertThat(all.headers().firstValue("Content-Security-Policy").orElseThrow())
                    .startsWith("default-src 'none'");
            assertThat(all.body())
                    .contains("data-namespace=\"team-a\" data-name=\"orders\"")
                    .contains("data-namespace=\"team-b\" data-name=\"orders\"");
            assertThat(teamA.body())
                    .contains("data-namespace=\"team-a\"")
                    .doesNotContain("data-namespace=\"team-b\"");
            assertThat(one.body())
                    .contains("data-state=\"TRANSITIONING_TO_BLUE\"", "data-state=\"ACTIVE_BLUE\"")
                    .contains("orders-blue");
            assertThat(controllerRequests).isEmpty();
        }
    }

    @Test
    void answersOnlyGetAndHeadAndUnknownParentsWith404() throws Exception {
        EmbeddedApi.installCrd(client);
        try (var fake = FakeFlinkOperator.start(client);
                var controllerClient = newClient();
                var process =
                        ControllerProcess.start(controllerClient, options(), METRICS, () -> {});
                var dashboard =
                        ControllerProcess.openDashboard(
                                options(), () -> process, "--dashboard-port")) {
            var post =
                    http.send(
                            HttpRequest.newBuilder(uri(dashboard, "/"))
                                    .POST(HttpRequest.BodyPublishers.ofString("x"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            var missing = page(dashboard, "/parents/team-a/nothing");

            assertThat(post.statusCode()).isEqualTo(405);
            assertThat(missing.statusCode()).isEqualTo(404);
            assertThat(page(dashboard, "/").statusCode()).isEqualTo(200);
        }
    }

    /** Waits until the controller sent nothing for 3 s (its parents rest). */
    private void awaitQuiet() {
        controllerRequests();
        await().atMost(WAIT)
                .pollInterval(Duration.ofSeconds(3))
                .until(() -> controllerRequests().isEmpty());
    }

    /** The controller's requests since the last call (by its user agent). */
    private List<String> controllerRequests() {
        List<String> calls = new ArrayList<>();
        try {
            RecordedRequest request;
            while ((request = server.takeRequest(1, TimeUnit.MILLISECONDS)) != null) {
                if (AGENT.equals(request.getHeader("User-Agent"))) {
                    calls.add(request.getMethod() + " " + request.getPath());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return calls;
    }

    private HttpResponse<String> page(DashboardServer dashboard, String path)
            throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(uri(dashboard, path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(DashboardServer dashboard, String path) {
        return URI.create("http://127.0.0.1:" + dashboard.port() + path);
    }

    private static int freePort() {
        try (var socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private ControllerOptions options() {
        return new ControllerOptions(
                        Set.of(),
                        false,
                        "bluegreen-controller",
                        Optional.of("default"),
                        "a",
                        0,
                        RestEndpoints.IN_CLUSTER_TEMPLATE)
                .withDashboard(port, "127.0.0.1");
    }

    private KubernetesClient newClient() {
        return new KubernetesClientBuilder()
                .withConfig(
                        new ConfigBuilder(client.getConfiguration()).withUserAgent(AGENT).build())
                .build();
    }
}
