package dev.bluegreen.operator.internal.dashboard;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The dashboard's HTTP answers: read-only, strict headers, 404, 400 and 503. */
class DashboardServerTest {
    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void servesPagesWithAStrictPolicyAndRefusesEverythingElse() throws Exception {
        var data = new DashboardData();
        var parent = DashboardPagesTest.hostileParent("shop", "orders", "x");
        data.attach(() -> List.<FlinkBlueGreenDeployment>of(parent), null);
        var current = new AtomicReference<DashboardData>();
        try (var server = DashboardServer.start("127.0.0.1", 0, current::get, Clock.systemUTC())) {
            var starting = get(server, "/");
            current.set(data);
            var all = get(server, "/?namespace=shop");
            var one = get(server, "/parents/shop/orders");
            var missing = get(server, "/parents/shop/nothing");
            String malformed = rawStatusLine(server, "/parents/shop/%zz");
            var delete = send(server, HttpRequest.newBuilder(uri(server, "/")).DELETE());

            assertThat(starting.statusCode()).isEqualTo(503);
            assertThat(all.statusCode()).isEqualTo(200);
            assertThat(all.headers().firstValue("Content-Type"))
                    .contains("text/html; charset=utf-8");
            assertThat(all.headers().firstValue("Content-Security-Policy").orElseThrow())
                    .startsWith("default-src 'none'; style-src 'sha256-")
                    .contains("script-src 'none'", "frame-ancestors 'none'");
            assertThat(all.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
            assertThat(all.headers().firstValue("Cache-Control")).contains("no-store");
            assertThat(all.body()).contains("data-name=\"orders\"");
            assertThat(one.statusCode()).isEqualTo(200);
            assertThat(missing.statusCode()).isEqualTo(404);
            assertThat(malformed).isEqualTo("HTTP/1.1 400 Bad Request");
            assertThat(delete.statusCode()).isEqualTo(405);
            assertThat(delete.headers().firstValue("Allow")).contains("GET, HEAD");
        }
    }

    private HttpResponse<String> get(DashboardServer server, String path) throws Exception {
        return send(server, HttpRequest.newBuilder(uri(server, path)).GET());
    }

    private HttpResponse<String> send(DashboardServer server, HttpRequest.Builder request)
            throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The status line answering {@code path} sent as is (HttpClient refuses a bad escape). */
    private static String rawStatusLine(DashboardServer server, String path) throws Exception {
        try (var socket = new java.net.Socket("127.0.0.1", server.port())) {
            socket.getOutputStream()
                    .write(
                            ("GET "
                                            + path
                                            + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            var in =
                    new java.io.BufferedReader(
                            new java.io.InputStreamReader(
                                    socket.getInputStream(),
                                    java.nio.charset.StandardCharsets.US_ASCII));
            return in.readLine();
        }
    }

    private static URI uri(DashboardServer server, String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }
}
