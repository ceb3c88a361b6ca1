package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Many parents in steady state: a full resync (controller restart) writes nothing. */
@EnableKubernetesMockClient(crud = true)
class ScaleIT {
    static final int PARENTS = 40;

    KubernetesClient client;
    KubernetesMockServer server;
    Harness h;

    @BeforeEach
    void start() {
        h = new Harness(client, server);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    private double reconciles() {
        var counter =
                h.registry.find("operator.sdk.controllers.execution.reconcile.success").counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void fullResyncOfManySteadyParentsMakesNoWrites() {
        IntStream.range(0, PARENTS)
                .forEach(i -> h.create(Fixtures.parent("job-" + i, Fixtures.job(1, "savepoint"))));
        await().atMost(Duration.ofSeconds(60))
                .until(
                        () ->
                                IntStream.range(0, PARENTS)
                                        .allMatch(i -> "ACTIVE_BLUE".equals(h.state("job-" + i))));
        // at rest, not just arrived: the serving job runs (the last status write of a first
        // deployment; the engine's notes after it are not written)
        await().atMost(Duration.ofSeconds(60))
                .until(
                        () ->
                                IntStream.range(0, PARENTS)
                                        .allMatch(
                                                i ->
                                                        "Running"
                                                                .equals(
                                                                        h.condition(
                                                                                "job-" + i,
                                                                                "Ready"))));
        h.stopController();
        h.drain();

        double before = reconciles();
        h.startController();

        // the start reconciles every parent once: a full resync
        await().atMost(Harness.WAIT).until(() -> reconciles() >= before + PARENTS);

        var writes =
                h.drain().stream()
                        .filter(
                                c ->
                                        Harness.CONTROLLER_AGENT.equals(c.agent())
                                                && !"GET".equals(c.method()))
                        .map(Harness.Call::toString)
                        .toList();
        assertThat(writes).as("writes of a full resync over %d steady parents", PARENTS).isEmpty();
    }
}
