package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.Measurement;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static dev.bluegreen.core.analysis.MeasurementPhase.ERROR;
import static dev.bluegreen.core.analysis.MeasurementPhase.SUCCESSFUL;
import static dev.bluegreen.operator.internal.analysis.Checks.GREEN_BEFORE_SWITCH;
import static dev.bluegreen.operator.internal.analysis.Checks.NOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

/**
 * The prometheus provider against a real Prometheus server (the Debian package's {@code
 * /usr/bin/prometheus}) on a free loopback port, scraping a JDK HTTP server that exposes one gauge
 * in the text format every second. Skipped with a message where Prometheus is not installed; fails
 * instead on CI ({@code CI=true}).
 */
class RealPrometheusQueryIT {
    private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");

    @TempDir static Path dir;
    private static HttpServer target;
    private static Process prometheus;
    private static String address;
    private static LiveCheckRunner runner;

    @BeforeAll
    static void start() throws IOException {
        if (!Files.isExecutable(PROMETHEUS)) {
            if ("true".equals(System.getenv("CI"))) {
                fail(PROMETHEUS + " is missing: install Debian package prometheus");
            }
            Assumptions.abort(PROMETHEUS + " is missing: install Debian package prometheus");
        }
        target = exposition();
        address = "http://127.0.0.1:" + freePort();
        prometheus = startPrometheus(target.getAddress().getPort());
        runner = Checks.runner(null, child -> null);
        awaitScraped();
    }

    /** Serves {@code /metrics}: one gauge per child, in Prometheus' text format. */
    private static HttpServer exposition() throws IOException {
        var server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        byte[] body =
                ("# HELP bluegreen_test_ratio A test ratio.\n"
                                + "# TYPE bluegreen_test_ratio gauge\n"
                                + "bluegreen_test_ratio{child=\"orders-green\"} 0.97\n"
                                + "bluegreen_test_ratio{child=\"orders-blue\"} 0.5\n")
                        .getBytes(StandardCharsets.UTF_8);
        server.createContext(
                "/metrics",
                exchange -> {
                    exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4");
                    exchange.sendResponseHeaders(200, body.length);
                    try (var out = exchange.getResponseBody()) {
                        out.write(body);
                    }
                });
        server.start();
        return server;
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static Process startPrometheus(int targetPort) throws IOException {
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(
                config,
                "global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: bluegreen\n"
                        + "    static_configs:\n      - targets: ['127.0.0.1:"
                        + targetPort
                        + "']\n");
        return new ProcessBuilder(
                        PROMETHEUS.toString(),
                        "--config.file=" + config,
                        "--storage.tsdb.path=" + dir.resolve("data"),
                        "--web.listen-address=" + address.substring("http://".length()))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("prometheus.log").toFile())
                .start();
    }

    /** Waits until Prometheus is ready and has scraped the gauge once. */
    private static void awaitScraped() {
        var http = Checks.http();
        await("Prometheus ready at " + address)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .ignoreExceptions()
                .until(() -> ready(http));
        await("the gauge scraped")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(
                        () ->
                                measure("bluegreen_test_ratio", "size(result) == 2").phase()
                                        == SUCCESSFUL);
    }

    private static boolean ready(HttpClient http) throws IOException, InterruptedException {
        var request =
                HttpRequest.newBuilder(URI.create(address + "/-/ready"))
                        .timeout(Duration.ofSeconds(2))
                        .build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (prometheus != null) {
            prometheus.destroy();
            if (!prometheus.waitFor(20, TimeUnit.SECONDS)) {
                prometheus.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        if (target != null) {
            target.stop(0);
        }
    }

    private static Measurement measure(String query, String success) {
        return runner.measure(
                Checks.check(Checks.prometheus(address, query, "5s"), success, null),
                GREEN_BEFORE_SWITCH,
                NOW);
    }

    @Test
    void theCandidatesSeriesIsSelectedByTheTemplateAndPassesTheCondition() {
        Measurement m = measure("bluegreen_test_ratio{child=\"{{child}}\"}", "result[0] >= 0.95");

        assertThat(m.phase()).as(m.message()).isEqualTo(SUCCESSFUL);
        assertThat(m.value()).isEqualTo("[0.97]");
    }

    @Test
    void realPrometheusShapesScalarsNanAndEmptyVectors() {
        assertThat(measure("scalar(vector(2))", "result == 2").phase()).isEqualTo(SUCCESSFUL);
        assertThat(measure("0/0", "isNaN(result)").value()).isEqualTo("NaN");
        Measurement empty = measure("bluegreen_test_ratio{child=\"nobody\"}", "result[0] >= 0.95");
        assertThat(empty.phase()).isEqualTo(ERROR);
        assertThat(empty.value()).isEqualTo("[]");
    }

    @Test
    void aQueryThatDoesNotParseIsAnErrorWithPrometheusText() {
        Measurement m = measure("sum(", "true");

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message())
                .startsWith("Prometheus answered HTTP 400: bad_data: ")
                .contains("parse error");
    }
}
