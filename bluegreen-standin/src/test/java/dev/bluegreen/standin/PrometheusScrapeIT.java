package dev.bluegreen.standin;

import dev.bluegreen.standin.prometheus.PrometheusFixture;
import dev.bluegreen.standin.prometheus.PrometheusServer;
import dev.bluegreen.standin.prometheus.Sample;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The whole metric chain with real parts: the stand-in runs the example job twice, each in its own
 * MiniCluster with Flink's Prometheus reporter enabled by the FlinkDeployment's own {@code
 * flinkConfiguration} (port range 9250-9270); a real Prometheus scrapes the range every second; an
 * instant query of the error rate per FlinkDeployment ({@code job_name}) is 0 for the good job and
 * above 0 for the one started with {@code --error-rate}. Prints how long the first results took.
 */
@EnableKubernetesMockClient(crud = true)
class PrometheusScrapeIT {
    private static final int FIRST_PORT = 9250;
    private static final int LAST_PORT = 9270;
    private static final String ERRORS = "bluegreen_example_errors";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    static KubernetesClient client;
    @TempDir static Path tmp;
    static StandInFixture fixture;
    static PrometheusServer prometheus;

    @BeforeAll
    static void start() throws IOException {
        prometheus = PrometheusFixture.scrapingPorts(FIRST_PORT, LAST_PORT);
        fixture = new StandInFixture(client, tmp);
    }

    @AfterAll
    static void stop() {
        if (fixture != null) {
            fixture.deleteAll();
            fixture.close();
        }
        if (prometheus != null) {
            prometheus.close();
        }
    }

    @Test
    void errorRateQueryTellsTheBadDeploymentFromTheGoodOne() throws Exception {
        // Given two deployments of the example job with the reporter on, one counting errors
        fixture.create(withReporter(exampleJob("prom-good"), true));
        fixture.create(withReporter(exampleJob("prom-bad", "--error-rate", "20"), false));
        fixture.awaitState("prom-good", "STABLE", "RUNNING");
        fixture.awaitState("prom-bad", "STABLE", "RUNNING");
        long running = System.nanoTime();

        // When the reporters serve the counter (its real name, read from the live page)
        String line =
                await().atMost(TIMEOUT)
                        .until(() -> servedLine("prom-bad"), Optional::isPresent)
                        .orElseThrow();
        String metric = line.substring(0, line.indexOf('{'));
        assertThat(metric).isEqualTo("flink_taskmanager_job_task_operator_" + ERRORS);
        // Flink's default label filter turns the good deployment's "-" into "_"
        assertThat(servedLine("prom_good")).isPresent();
        assertThat(servedLine("prom-good")).isEmpty();

        // Then Prometheus has a rate for each deployment: --error-rate for the bad one, 0 for the
        // good one
        List<Sample> bad =
                await().atMost(TIMEOUT)
                        .until(() -> errorRate(metric, "prom-bad"), r -> !r.isEmpty());
        Duration firstResult = Duration.ofNanos(System.nanoTime() - running);
        await().atMost(TIMEOUT)
                .until(
                        () -> errorRate(metric, "prom-bad"),
                        r -> !r.isEmpty() && r.get(0).value() > 0);
        Duration firstPositive = Duration.ofNanos(System.nanoTime() - running);
        await().atMost(TIMEOUT)
                .until(
                        () -> errorRate(metric, "prom-bad"),
                        r -> r.size() == 1 && Math.abs(r.get(0).value() - 20) < 5);
        List<Sample> good =
                await().atMost(TIMEOUT)
                        .until(() -> errorRate(metric, "prom_good"), r -> !r.isEmpty());
        assertThat(good).extracting(Sample::value).containsExactly(0.0);
        System.out.println(
                "PrometheusScrapeIT: from RUNNING to the first non-empty error-rate result "
                        + firstResult.toMillis()
                        + " ms, to the first rate > 0 "
                        + firstPositive.toMillis()
                        + " ms; first result "
                        + bad);
        System.out.println("PrometheusScrapeIT: served " + line);
    }

    /** The per-second error rate of the deployment {@code name}, over the last 5 s. */
    private static List<Sample> errorRate(String metric, String name) throws IOException {
        return prometheus.api().query("sum(rate(" + metric + "{job_name=\"" + name + "\"}[5s]))");
    }

    /**
     * The error counter's series line on a reporter's page ({@code /metrics} of a port in the
     * range) whose {@code job_name} is {@code jobName}.
     */
    private static Optional<String> servedLine(String jobName) {
        for (int port = FIRST_PORT; port <= LAST_PORT; port++) {
            for (String line : page(port)) {
                if (!line.startsWith("#")
                        && line.contains(ERRORS + "{")
                        && line.contains("job_name=\"" + jobName + "\"")) {
                    return Optional.of(line);
                }
            }
        }
        return Optional.empty();
    }

    private static List<String> page(int port) {
        var request =
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                        .timeout(Duration.ofSeconds(2))
                        .build();
        try {
            return HttpClient.newHttpClient()
                    .send(request, HttpResponse.BodyHandlers.ofString())
                    .body()
                    .lines()
                    .toList();
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }

    private static GenericKubernetesResource exampleJob(String name, String... extraArgs) {
        var fd = StandInFixture.exampleJob(name, tmp.resolve(name), "v1");
        List<String> args = new ArrayList<>(StandInFixture.args(tmp.resolve(name), "v1"));
        args.addAll(List.of(extraArgs));
        spec(fd, "job").put("args", args);
        return fd;
    }

    /**
     * {@code fd} with Flink's Prometheus reporter in its {@code flinkConfiguration}, as a user
     * enables it on a real cluster; without {@code filterLabels} label values are kept as they are
     * ({@code job_name} is the FlinkDeployment's name, {@code -} included).
     */
    private static GenericKubernetesResource withReporter(
            GenericKubernetesResource fd, boolean filterLabels) {
        Map<String, Object> config = spec(fd, "flinkConfiguration");
        config.put(
                "metrics.reporter.prom.factory.class",
                "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
        config.put("metrics.reporter.prom.port", FIRST_PORT + "-" + LAST_PORT);
        if (!filterLabels) {
            config.put("metrics.reporter.prom.filterLabelValueCharacters", "false");
        }
        return fd;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> spec(GenericKubernetesResource fd, String field) {
        var spec = (Map<String, Object>) fd.getAdditionalProperties().get("spec");
        return (Map<String, Object>) spec.get(field);
    }
}
