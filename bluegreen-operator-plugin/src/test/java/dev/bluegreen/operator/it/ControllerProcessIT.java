package dev.bluegreen.operator.it;

import dev.bluegreen.operator.controller.RestEndpoints;
import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.internal.process.RegisterOnceMetrics;
import dev.bluegreen.operator.standalone.ControllerOptions;
import dev.bluegreen.operator.standalone.ControllerProcess;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@link ControllerProcess}, the runtime of the standalone jar and the drop-in plugin, in this JVM:
 * watched namespaces, the hand-over of the Lease between two replicas, and a Lease lost while
 * running.
 */
@EnableKubernetesMockClient(crud = true)
class ControllerProcessIT {
    static final RegisterOnceMetrics METRICS = RegisterOnceMetrics.in(new SimpleMeterRegistry());

    static final Duration WAIT = Duration.ofSeconds(20);

    KubernetesMockServer server;
    KubernetesClient client;

    @Test
    void reconcilesOnlyParentsInTheWatchedNamespaces() {
        // given a parent in an unwatched namespace, created first
        EmbeddedApi.installCrd(client);
        try (var fake = FakeFlinkOperator.start(client);
                var replica = newClient();
                var process =
                        ControllerProcess.start(
                                replica,
                                options(Set.of("team-a"), false, "a"),
                                METRICS,
                                () -> {})) {
            client.resource(Fixtures.orders("default")).create();

            // when a parent is created in the watched namespace
            client.resource(Fixtures.orders("team-a")).create();

            // then only that one runs (the earlier one would have run first if it were watched)
            await().atMost(WAIT)
                    .until(() -> "ACTIVE_BLUE".equals(Fixtures.ordersState(client, "team-a")));
            assertThat(Fixtures.ordersState(client, "default")).isNull();
            assertThat(fake.deployment("default", "orders-blue")).isNull();
        }
    }

    @Test
    void standbyTakesOverWellBeforeTheLeaseExpiresWhenTheLeaderStops() {
        // given two replicas, the first one leading
        EmbeddedApi.installCrd(client);
        EmbeddedApi.allowLeases(server);
        try (var fake = FakeFlinkOperator.start(client);
                var clientA = newClient();
                var clientB = newClient()) {
            var lost = new AtomicInteger();
            var first =
                    ControllerProcess.start(
                            clientA, options(Set.of(), true, "a"), METRICS, lost::incrementAndGet);
            await().atMost(WAIT).until(() -> "a".equals(holder()));
            try (var second =
                    ControllerProcess.start(
                            clientB, options(Set.of(), true, "b"), METRICS, () -> {})) {
                // when the leader stops (releasing the Lease)
                first.close();

                // then the standby leads within a few retry periods (2 s each), not after the
                // 15 s lease duration, and reconciles
                await().atMost(Duration.ofSeconds(8)).until(() -> "b".equals(holder()));
                assertThat(lost).as("a normal stop is no lost Lease").hasValue(0);
                client.resource(Fixtures.orders("default")).create();
                await().atMost(WAIT)
                        .until(() -> "ACTIVE_BLUE".equals(Fixtures.ordersState(client, "default")));
            }
        }
    }

    @Test
    void losingTheLeaseWhileRunningCallsTheLossHandler() {
        // given a leading replica
        EmbeddedApi.installCrd(client);
        EmbeddedApi.allowLeases(server);
        FakeFlinkOperator.installCrds(client);
        var lost = new AtomicInteger();
        try (var replica = newClient();
                var process =
                        ControllerProcess.start(
                                replica,
                                options(Set.of(), true, "a"),
                                METRICS,
                                lost::incrementAndGet)) {
            await().atMost(WAIT).until(() -> "a".equals(holder()));

            // when another identity takes the Lease (e.g. after a network partition)
            client.leases()
                    .inNamespace("default")
                    .withName("bluegreen-controller")
                    .edit(
                            lease -> {
                                lease.getSpec().setHolderIdentity("intruder");
                                lease.getSpec().setRenewTime(ZonedDateTime.now());
                                lease.getSpec().setLeaseDurationSeconds(3600);
                                return lease;
                            });

            // then the replica notices at its next renewal (every 2 s)
            await().atMost(WAIT).untilAtomic(lost, org.hamcrest.Matchers.equalTo(1));
        }
    }

    private static ControllerOptions options(
            Set<String> namespaces, boolean election, String identity) {
        return new ControllerOptions(
                namespaces,
                election,
                "bluegreen-controller",
                Optional.of("default"),
                identity,
                0,
                RestEndpoints.IN_CLUSTER_TEMPLATE);
    }

    private KubernetesClient newClient() {
        return new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder(client.getConfiguration()).build())
                .build();
    }

    private String holder() {
        return EmbeddedApi.leaseHolder(client, "default", "bluegreen-controller");
    }
}
