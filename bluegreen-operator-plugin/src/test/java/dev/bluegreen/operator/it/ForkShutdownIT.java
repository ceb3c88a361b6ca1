package dev.bluegreen.operator.it;

import dev.bluegreen.operator.controller.BlueGreenController;
import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.fake.HostOperator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.javaoperatorsdk.operator.Operator;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A fork with upstream's leader election on: JOSDK installs no shutdown hook then, and {@link
 * BlueGreenController#installShutdownHook} installs one that stops the operator. The hook is run
 * here as the JVM would run it, after taking it back from the JVM. Upstream's leader election exits
 * the process when it stops leading ({@code exitOnStopLeading}); that would end the test JVM, so
 * the operator here is built with it off; the hook's wait for a stop stuck in {@code System.exit}
 * is not exercised.
 */
@EnableKubernetesMockClient(crud = true)
class ForkShutdownIT {
    KubernetesClient client;
    KubernetesMockServer server;

    @Test
    void withLeaderElectionTheHookStopsTheOperator() throws Exception {
        EmbeddedApi.installCrd(client);
        FakeFlinkOperator.installCrds(client);
        EmbeddedApi.allowLeases(server);
        Operator operator = HostOperator.leaderElected(client, "default", false);
        HostOperator.registerHostController(
                operator, Set.of("team-a"), new HostOperator.ConfigMaps());
        BlueGreenController.registerIfCrdsInstalled(
                operator, Clock.systemUTC(), new SimpleMeterRegistry());
        operator.start();
        await().atMost(Duration.ofSeconds(30))
                .until(
                        () ->
                                "host-test"
                                        .equals(
                                                EmbeddedApi.leaseHolder(
                                                        client,
                                                        "default",
                                                        "flink-operator-lease")));

        Thread hook =
                BlueGreenController.installShutdownHook(operator, Duration.ofSeconds(20))
                        .orElseThrow();
        assertThat(Runtime.getRuntime().removeShutdownHook(hook)).as("installed").isTrue();
        long started = System.nanoTime();
        hook.run();
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.printf("shutdown hook stopped the operator in %d ms%n", millis);

        assertThat(operator.getRuntimeInfo().isStarted()).isFalse();
        assertThat(millis).isLessThan(20_000);
    }

    @Test
    void withoutLeaderElectionThereIsNoHookOfOurs() {
        Operator operator = HostOperator.build(client, true);
        assertThat(BlueGreenController.installShutdownHook(operator, Duration.ofSeconds(20)))
                .isEmpty();
    }
}
