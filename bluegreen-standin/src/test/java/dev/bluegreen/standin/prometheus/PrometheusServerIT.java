package dev.bluegreen.standin.prometheus;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The real Prometheus of {@link PrometheusServer} against a small exporter of the text format: it
 * starts ready, picks up targets added later with their labels, answers instant queries, reports
 * target health, and is gone after close.
 */
class PrometheusServerIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static HttpServer exporter;
    private static PrometheusServer prometheus;

    @BeforeAll
    static void start() throws IOException {
        exporter = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        exporter.createContext(
                "/metrics",
                exchange -> {
                    byte[] body =
                            "# TYPE demo_errors gauge\ndemo_errors{task=\"map\"} 3.0\n"
                                    .getBytes(StandardCharsets.UTF_8);
                    exchange.sendResponseHeaders(200, body.length);
                    exchange.getResponseBody().write(body);
                    exchange.close();
                });
        exporter.start();
        prometheus = PrometheusServer.start(PrometheusFixture.binary(), List.of());
    }

    @AfterAll
    static void stop() {
        if (prometheus != null) {
            prometheus.close();
        }
        if (exporter != null) {
            exporter.stop(0);
        }
    }

    @Test
    void startsReadyOnALoopbackPort() {
        assertThat(prometheus.baseUri().getHost()).isEqualTo("127.0.0.1");
        assertThat(prometheus.api().ready()).isTrue();
    }

    @Test
    void addedTargetIsScrapedWithItsLabels() throws IOException {
        String target = "127.0.0.1:" + exporter.getAddress().getPort();

        prometheus.addTargets(List.of(target), Map.of("pod", "orders-green-tm"));

        await().atMost(TIMEOUT).until(() -> prometheus.isUp(target));
        await().atMost(TIMEOUT).until(() -> !prometheus.api().query("demo_errors").isEmpty());
        Sample sample = prometheus.api().query("demo_errors").get(0);
        assertThat(sample.value()).isEqualTo(3.0);
        assertThat(sample.labels())
                .containsEntry("pod", "orders-green-tm")
                .containsEntry("task", "map")
                .containsEntry("instance", target)
                .containsEntry("job", "flink");
    }

    @Test
    void targetNobodyListensOnIsDown() throws IOException {
        String target = "127.0.0.1:1";

        prometheus.addTargets(List.of(target), Map.of());

        await().atMost(TIMEOUT)
                .until(() -> "down".equals(prometheus.api().targetHealth().get(target)));
        assertThat(prometheus.isUp(target)).isFalse();
    }

    @Test
    void queryResultsComeAsSamples() throws IOException {
        assertThat(prometheus.api().query("vector(2) * 2"))
                .containsExactly(new Sample(Map.of(), 4.0));
        assertThat(prometheus.api().query("scalar(vector(1)) / 0"))
                .containsExactly(new Sample(Map.of(), Double.POSITIVE_INFINITY));
        assertThat(prometheus.api().query("absent_metric_of_no_exporter")).isEmpty();
    }

    @Test
    void badQueryIsRefusedWithPrometheusError() {
        assertThatThrownBy(() -> prometheus.api().query("sum(("))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("400")
                .hasMessageContaining("bad_data");
    }

    @Test
    void closedServerIsGone() throws IOException {
        PrometheusServer other = PrometheusServer.start(PrometheusFixture.binary(), List.of());
        PrometheusApi api = other.api();

        other.close();

        assertThat(api.ready()).isFalse();
    }
}
