package dev.bluegreen.operator.internal.http;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The endpoint's paths, status codes and bodies, on a free port of the loopback interface. */
class ProcessEndpointTest {
    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void servesMetricsAndProbesFromTheCurrentHealth() throws Exception {
        var health = new AtomicReference<>(Health.starting("controller not started yet"));
        try (var endpoint = ProcessEndpoint.start(0, () -> "up 1\n", health::get)) {
            var metrics = get(endpoint, "/metrics");
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).isEqualTo("up 1\n");
            assertThat(metrics.headers().firstValue("Content-Type"))
                    .contains(ProcessEndpoint.METRICS_CONTENT_TYPE);

            assertThat(get(endpoint, "/healthz").statusCode()).isEqualTo(200);
            var starting = get(endpoint, "/readyz");
            assertThat(starting.statusCode()).isEqualTo(503);
            assertThat(starting.body()).isEqualTo("starting: controller not started yet\n");

            health.set(new Health(true, true, "ready: standby (Lease l held by a)"));
            var ready = get(endpoint, "/readyz");
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).contains("standby");

            health.set(new Health(false, false, "informers stopped: c/parents"));
            assertThat(get(endpoint, "/healthz").statusCode()).isEqualTo(503);
        }
    }

    @Test
    void otherPathsAndMethodsAreRefused() throws Exception {
        try (var endpoint =
                ProcessEndpoint.start(0, () -> "", () -> new Health(true, true, "ready: x"))) {
            assertThat(get(endpoint, "/metricsx").statusCode()).isEqualTo(404);
            assertThat(get(endpoint, "/").statusCode()).isEqualTo(404);
            var post =
                    http.send(
                            HttpRequest.newBuilder(uri(endpoint, "/metrics"))
                                    .POST(HttpRequest.BodyPublishers.noBody())
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(post.statusCode()).isEqualTo(405);
        }
    }

    @Test
    void aPortInUseFailsTheStart() throws IOException {
        try (var taken = new ServerSocket(0)) {
            assertThatThrownBy(
                            () ->
                                    ProcessEndpoint.start(
                                            taken.getLocalPort(),
                                            () -> "",
                                            () -> Health.starting("x")))
                    .isInstanceOf(IOException.class);
        }
    }

    private HttpResponse<String> get(ProcessEndpoint endpoint, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(uri(endpoint, path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(ProcessEndpoint endpoint, String path) {
        return URI.create("http://127.0.0.1:" + endpoint.port() + path);
    }
}
