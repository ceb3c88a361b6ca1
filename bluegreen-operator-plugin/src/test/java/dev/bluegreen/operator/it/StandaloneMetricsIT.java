package dev.bluegreen.operator.it;

import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The standalone jar's {@code /metrics}, {@code /healthz} and {@code /readyz}, scraped from its own
 * JVM during a blue→green transition on the embedded API server (the fake Flink operator runs the
 * children): the transition counted and timed, the per-parent state gauge moving from ACTIVE_BLUE
 * to ACTIVE_GREEN, JOSDK's reconcile counters, the JVM's meters; readiness only once the informers
 * synced; and every request the jar sent allowed by the RBAC of the install base.
 */
@EnableKubernetesMockClient(crud = true)
class StandaloneMetricsIT {
    static final Duration WAIT = Duration.ofSeconds(40);
    static final String AGENT = "bluegreen-standalone-metrics-it";

    /** The informer's list of parents (the watch after it has its own path). */
    static final String PARENTS =
            "/apis/bluegreen.dev/v1alpha1/flinkbluegreendeployments?resourceVersion=0";

    static final int FAILED_LISTS = 3;

    KubernetesMockServer server;
    KubernetesClient client;
    Process process;

    @AfterEach
    void killLeftover() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
        }
    }

    @Test
    void scrapesATransitionAndIsReadyOnlyOnceTheInformersSynced() throws Exception {
        // given the embedded API, whose first lists of parents fail (the informer retries)
        EmbeddedApi.installCrd(client);
        EmbeddedApi.allowLeases(server);
        var failed = failFirstParentLists();
        Path dir = Path.of("target", "standalone-metrics-it");
        Path log = dir.resolve("controller.log");
        var endpoint = new Endpoint(Endpoint.freePort());
        var dashboard = new Endpoint(Endpoint.freePort());
        var base = InstallBase.render();
        // the Lease in the controller's namespace of the install base, as in a cluster
        String namespace = InstallBase.only(base, "Deployment").at("/metadata/namespace").asText();
        try (var fake = FakeFlinkOperator.start(client)) {
            // when the jar starts with its endpoint
            process =
                    StandaloneJarIT.start(
                            EmbeddedApi.kubeconfig(client, dir),
                            log,
                            List.of("-Dkubernetes.user.agent=" + AGENT),
                            "--lease-namespace",
                            namespace,
                            "--identity",
                            "metrics-it",
                            "--metrics-port",
                            String.valueOf(endpoint.port()),
                            "--dashboard-port",
                            String.valueOf(dashboard.port()));

            // then it is live at once, and ready only after the failed lists
            List<String> notReady = awaitReady(endpoint, failed, log);
            assertThat(notReady).as("answers before ready").isNotEmpty();
            assertThat(endpoint.get("/healthz").status()).isEqualTo(200);
            await().atMost(WAIT)
                    .until(() -> endpoint.get("/readyz").body().startsWith("ready: leader"));

            transitionBlueToGreen(endpoint, fake, log);
            // and the jar's dashboard shows the parent and its transition from the caches
            String path = "/parents/" + Fixtures.NS + "/orders";
            await().atMost(WAIT)
                    .until(
                            () ->
                                    dashboard
                                            .get(path)
                                            .body()
                                            .contains("data-state=\"ACTIVE_GREEN\""));
            var page = dashboard.get(path);
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.body())
                    .contains("data-state=\"ACTIVE_BLUE\"", "data-state=\"ACTIVE_GREEN\"")
                    .contains("data-reason=\"TrafficSwitched\"");

            process.destroy();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("exited in time").isTrue();
        }
        assertThat(process.exitValue()).isZero();

        // and every request of the jar is allowed by the RBAC of the install base
        List<Harness.Call> calls = jarRequests();
        assertThat(calls)
                .extracting(Harness.Call::toString)
                .anyMatch(
                        c ->
                                c.startsWith(
                                        "PUT /apis/coordination.k8s.io/v1/namespaces/"
                                                + namespace
                                                + "/leases/"))
                .anyMatch(c -> c.startsWith("POST /apis/flink.apache.org/v1beta1/"));
        Rbac.fromDocs(base).assertAllows(calls);
    }

    private List<Harness.Call> jarRequests() throws InterruptedException {
        List<Harness.Call> calls = new ArrayList<>();
        RecordedRequest request;
        while ((request = server.takeRequest(1, TimeUnit.MILLISECONDS)) != null) {
            if (AGENT.equals(request.getHeader("User-Agent"))) {
                calls.add(new Harness.Call(AGENT, request.getMethod(), request.getPath()));
            }
        }
        return calls;
    }

    private void transitionBlueToGreen(Endpoint endpoint, FakeFlinkOperator fake, Path log)
            throws Exception {
        client.resource(Fixtures.parent("orders", Fixtures.job(2, "savepoint"))).create();
        awaitSample(endpoint, state("ACTIVE_BLUE"), 1.0, log);
        // the first deployment counts as a completed change too
        String before = endpoint.scrape();

        fake.holdSnapshots();
        // GET + PUT, again on a conflict with the controller's status writes
        await().atMost(WAIT)
                .ignoreExceptions()
                .until(
                        () -> {
                            var parent =
                                    client.resources(FlinkBlueGreenDeployment.class)
                                            .inNamespace("default")
                                            .withName("orders")
                                            .get();
                            ((ObjectNode) parent.getSpec().getTemplate().getSpec())
                                    .put("image", "v2");
                            client.resource(parent).update();
                            return true;
                        });
        awaitSample(endpoint, state("SAVEPOINTING_BLUE"), 1.0, log);
        assertThat(Endpoint.sample(endpoint.scrape(), "bluegreen_transitions_in_flight"))
                .isEqualTo(1.0);

        fake.completeSnapshots();
        awaitSample(endpoint, state("ACTIVE_GREEN"), 1.0, log);
        String scrape = endpoint.scrape();
        assertThat(scrape).doesNotContain("state=\"ACTIVE_BLUE\"");
        assertThat(Endpoint.sample(scrape, "bluegreen_transitions_in_flight")).isEqualTo(0.0);
        String completed = "bluegreen_transitions_total{outcome=\"completed\"}";
        assertThat(Endpoint.sample(scrape, completed) - Endpoint.sample(before, completed))
                .as("changes completed by the blue-green transition")
                .isEqualTo(1.0);
        String timed = "bluegreen_transition_duration_seconds_count{outcome=\"completed\"}";
        assertThat(Endpoint.sample(scrape, timed) - Endpoint.sample(before, timed))
                .as("changes timed by the blue-green transition")
                .isEqualTo(1.0);
        assertThat(Endpoint.sum(scrape, "bluegreen_phase_duration_seconds_count")).isPositive();
        assertThat(Endpoint.sum(scrape, "operator_sdk_reconciliations_started_total"))
                .isGreaterThanOrEqualTo(3);
        assertThat(Endpoint.sum(scrape, "operator_sdk_reconciliations_success_total")).isPositive();
        assertThat(Endpoint.sum(scrape, "jvm_memory_used_bytes")).isPositive();
    }

    private static String state(String state) {
        return "bluegreen_parent_state{name=\"orders\",namespace=\"default\",state=\""
                + state
                + "\"}";
    }

    private static void awaitSample(Endpoint endpoint, String sample, double value, Path log) {
        await().atMost(WAIT)
                .untilAsserted(
                        () ->
                                assertThat(Endpoint.sample(endpoint.scrape(), sample))
                                        .as("%s; log:%n%s", sample, StandaloneJarIT.read(log))
                                        .isEqualTo(value));
    }

    /**
     * Polls /readyz until it answers 200 and returns the earlier answers; fails if it answered 200
     * while a list of parents had not gone through yet.
     */
    private static List<String> awaitReady(Endpoint endpoint, AtomicInteger failed, Path log) {
        List<String> before = new ArrayList<>();
        await().atMost(WAIT)
                .pollInterval(Duration.ofMillis(100))
                .untilAsserted(
                        () -> {
                            int failedSoFar = failed.get();
                            var answer = endpoint.get("/readyz");
                            if (answer.status() != 200) {
                                before.add(answer.status() + " " + answer.body().strip());
                            }
                            assertThat(answer.status())
                                    .as("readyz; log:%n%s", StandaloneJarIT.read(log))
                                    .isEqualTo(200);
                            assertThat(failedSoFar)
                                    .as("failed lists when /readyz said ready")
                                    .isEqualTo(FAILED_LISTS);
                        });
        return before;
    }

    /** The first {@value #FAILED_LISTS} lists of parents answer 500; the count so far. */
    private AtomicInteger failFirstParentLists() {
        var failed = new AtomicInteger();
        server.expect()
                .get()
                .withPath(PARENTS)
                .andReply(
                        500,
                        (RecordedRequest r) -> {
                            failed.incrementAndGet();
                            return new StatusBuilder()
                                    .withCode(500)
                                    .withMessage("embedded API: list refused by the test")
                                    .build();
                        })
                .times(FAILED_LISTS);
        return failed;
    }
}
