package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.fake.HostOperator;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.api.reconciler.Constants;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The host operator's namespaces, read from the controllers registered before ours. */
class HostNamespacesTest {
    private final KubernetesClient client =
            new KubernetesClientBuilder()
                    .withConfig(
                            new ConfigBuilder()
                                    .withMasterUrl("http://localhost:1")
                                    .withNamespace("ops")
                                    .build())
                    .build();

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void noHostControllerGivesNothing() {
        assertThat(HostNamespaces.of(HostOperator.build(client, true))).isEmpty();
    }

    @Test
    void aHostControllersNamespacesAreTheHosts() {
        Operator operator = HostOperator.build(client, true);
        HostOperator.registerHostController(
                operator, Set.of("team-a", "team-b"), new HostOperator.ConfigMaps());

        assertThat(HostNamespaces.of(operator)).contains(Set.of("team-a", "team-b"));
    }

    @Test
    void theUnionIsAllWhenAnyWatchesAll() {
        assertThat(
                        HostNamespaces.normalised(
                                Set.of("team-a", Constants.WATCH_ALL_NAMESPACES), "ops"))
                .isEqualTo(Constants.WATCH_ALL_NAMESPACE_SET);
    }

    @Test
    void theCurrentNamespaceAloneStaysAndMixedBecomesTheClientsNamespace() {
        assertThat(HostNamespaces.normalised(Constants.WATCH_CURRENT_NAMESPACE_SET, "ops"))
                .isEqualTo(Constants.WATCH_CURRENT_NAMESPACE_SET);
        assertThat(
                        HostNamespaces.normalised(
                                Set.of("team-a", Constants.WATCH_CURRENT_NAMESPACE), "ops"))
                .containsExactlyInAnyOrder("team-a", "ops");
    }
}
