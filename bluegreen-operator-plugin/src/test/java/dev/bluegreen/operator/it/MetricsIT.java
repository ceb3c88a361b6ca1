package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Micrometer meters: ours (transitions, failures, time per phase) and JOSDK's. */
@EnableKubernetesMockClient(crud = true)
class MetricsIT {
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

    @Test
    void transitionsFailuresAndPhaseTimesAreRecorded() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.failSnapshots();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:SavepointFailed"));
        h.fake.completeSnapshots();

        h.editTemplate("orders", t -> t.put("image", "v3"));
        h.awaitState("orders", "ACTIVE_GREEN");

        var registry = h.registry;
        await().atMost(Harness.WAIT)
                .until(
                        () ->
                                registry.counter("bluegreen.transitions", "outcome", "completed")
                                                .count()
                                        >= 2);
        assertThat(registry.counter("bluegreen.failures", "reason", "SavepointFailed").count())
                .isEqualTo(1);
        assertThat(registry.timer("bluegreen.phase.duration", "phase", "savepointing").count())
                .isEqualTo(2);
        assertThat(registry.timer("bluegreen.phase.duration", "phase", "transitioning").count())
                .isPositive();
        assertThat(registry.getMeters())
                .extracting(m -> m.getId().getName())
                .anyMatch(name -> name.startsWith("operator.sdk"));
    }
}
