package dev.bluegreen.operator.it;

import dev.bluegreen.operator.controller.BlueGreenController;
import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.fake.HostOperator;
import dev.bluegreen.operator.internal.apply.InstalledCrds;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.OperatorException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The controller registered into a fork's operator ({@link HostOperator}: upstream's operator
 * configuration and a controller of its own): it watches the host's namespaces, puts its meters in
 * the registry given, reports missing CRDs without stopping the host, and what upstream's {@code
 * stop-on-informer-error} does when one of our informers fails.
 */
@EnableKubernetesMockClient(crud = true)
class ForkRegistrationIT {
    static final Duration WAIT = Duration.ofSeconds(30);

    KubernetesClient client;
    KubernetesMockServer server;

    @Test
    void watchesTheHostsNamespacesAndRecordsIntoTheRegistryGiven() {
        EmbeddedApi.installCrd(client);
        var registry = new SimpleMeterRegistry();
        try (var fake = FakeFlinkOperator.start(client)) {
            Operator operator = HostOperator.build(client, true);
            HostOperator.registerHostController(
                    operator, Set.of("team-a"), new HostOperator.ConfigMaps());
            assertThat(BlueGreenController.registerIfCrdsInstalled(operator, clock(), registry))
                    .isPresent();
            operator.start();
            try {
                client.resource(Fixtures.orders("team-c")).create();
                client.resource(Fixtures.orders("team-a")).create();

                await().atMost(WAIT)
                        .until(() -> "ACTIVE_BLUE".equals(Fixtures.ordersState(client, "team-a")));
                assertThat(Fixtures.ordersState(client, "team-c"))
                        .as("state of the parent in team-c")
                        .isNull();
                assertThat(fake.deployment("team-c", "orders-blue")).isNull();
                assertThat(
                                registry.find("bluegreen.parent.state")
                                        .tag("namespace", "team-a")
                                        .gauge())
                        .isNotNull();
            } finally {
                operator.stop();
            }
        }
    }

    @Test
    void aMissingUpstreamCrdIsReportedAndTheHostStillRuns() {
        EmbeddedApi.installCrd(client);
        hostRunsWithoutOurController();
    }

    @Test
    void ourMissingCrdIsReportedAndTheHostStillRuns() {
        FakeFlinkOperator.installCrds(client);
        hostRunsWithoutOurController();
    }

    /** With a CRD missing: nothing registered, and the host's own controller starts and works. */
    private void hostRunsWithoutOurController() {
        var seen = new HostOperator.ConfigMaps();
        Operator operator = HostOperator.build(client, true);
        HostOperator.registerHostController(operator, Set.of("team-a"), seen);

        assertThat(
                        BlueGreenController.registerIfCrdsInstalled(
                                operator, clock(), new SimpleMeterRegistry()))
                .isEmpty();
        assertThat(operator.getRegisteredControllers()).hasSize(1);
        operator.start();
        try {
            client.resource(configMap("team-a", "settings")).create();
            await().atMost(WAIT).until(() -> seen.saw("team-a", "settings"));
        } finally {
            operator.stop();
        }
    }

    @Test
    void theThrowingFormStillThrowsNamingTheUpstreamCrds() {
        EmbeddedApi.installCrd(client);
        Operator operator = HostOperator.build(client, true);
        assertThatThrownBy(() -> BlueGreenController.register(operator, clock()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(InstalledCrds.FLINK_DEPLOYMENT);
    }

    @Test
    void withStopOnInformerErrorAForbiddenInformerOfOursStopsTheHostsStart() {
        Operator operator = hostWithForbiddenIngresses(true);
        assertThatThrownBy(operator::start).isInstanceOf(OperatorException.class);
        assertThat(operator.getRuntimeInfo().isStarted()).isFalse();
    }

    @Test
    void withoutStopOnInformerErrorTheHostRunsWhileOurInformerRetries() {
        var seen = new HostOperator.ConfigMaps();
        Operator operator = hostWithForbiddenIngresses(false, seen);
        long started = System.nanoTime();
        operator.start();
        try {
            System.out.printf(
                    "start with a forbidden informer took %d ms%n",
                    (System.nanoTime() - started) / 1_000_000);
            client.resource(configMap("team-a", "settings")).create();
            await().atMost(WAIT).until(() -> seen.saw("team-a", "settings"));
        } finally {
            operator.stop();
        }
    }

    private Operator hostWithForbiddenIngresses(boolean stopOnInformerError) {
        return hostWithForbiddenIngresses(stopOnInformerError, new HostOperator.ConfigMaps());
    }

    /** All CRDs installed, but listing Ingresses in team-a answers 403, as without that RBAC. */
    private Operator hostWithForbiddenIngresses(
            boolean stopOnInformerError, HostOperator.ConfigMaps seen) {
        EmbeddedApi.installCrd(client);
        FakeFlinkOperator.installCrds(client);
        server.expect()
                .get()
                .withPath(
                        "/apis/networking.k8s.io/v1/namespaces/team-a/ingresses?labelSelector=component%3Dingress&resourceVersion=0")
                .andReturn(403, "forbidden")
                .always();
        Operator operator = HostOperator.build(client, stopOnInformerError);
        HostOperator.registerHostController(operator, Set.of("team-a"), seen);
        assertThat(
                        BlueGreenController.registerIfCrdsInstalled(
                                operator, clock(), new SimpleMeterRegistry()))
                .isPresent();
        return operator;
    }

    private static Clock clock() {
        return Clock.systemUTC();
    }

    private static io.fabric8.kubernetes.api.model.ConfigMap configMap(String ns, String name) {
        return new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace(ns)
                .withName(name)
                .endMetadata()
                .addToData("k", "v")
                .build();
    }
}
