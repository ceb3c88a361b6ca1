package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * API errors (409, 500, timeouts) injected at seeded random controller requests: the running job is
 * never lost and a blue->green transition converges.
 */
@EnableKubernetesMockClient(crud = true)
class ChaosIT {
    KubernetesClient client;
    KubernetesMockServer server;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void transitionConvergesDespiteInjectedApiErrors(long seed) {
        var chaos = new Chaos(seed, 0.25);
        try (var h = new Harness(client, server, chaos)) {
            h.create(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> "ACTIVE_BLUE".equals(h.state("orders")));

            h.editTemplate("orders", t -> t.put("image", "v2"));

            await().atMost(Duration.ofSeconds(60))
                    .until(
                            () ->
                                    "ACTIVE_GREEN".equals(h.state("orders"))
                                            && h.child("orders-blue") == null);
            assertThat(spec(h.child("orders-green"), "spec", "image")).isEqualTo("v2");
            assertThat(h.fake.lostAllRunningJobs()).as("a poll saw no running job").isFalse();
            assertThat(chaos.injected()).as("injected errors").isPositive();
            System.out.println("CHAOS seed " + seed + ": " + chaos.injected() + " injected errors");
        }
    }
}
