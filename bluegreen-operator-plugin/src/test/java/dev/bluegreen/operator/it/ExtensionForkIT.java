package dev.bluegreen.operator.it;

import dev.bluegreen.example.policy.SteadyGreenExtension;
import dev.bluegreen.operator.controller.BlueGreenController;
import dev.bluegreen.operator.controller.BlueGreenReconciler;
import dev.bluegreen.operator.controller.Extensions;
import dev.bluegreen.operator.fake.FakeFlinkOperator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.javaoperatorsdk.operator.Operator;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example extension in a fork: the operator built as docs/controller.md shows, the controller
 * registered with {@code Config.withExtensions(Extensions.load(<the fork's class loader>))}, the
 * extension jar (bluegreen-example-policy) on the fork's class path.
 */
@EnableKubernetesMockClient(crud = true)
class ExtensionForkIT {
    KubernetesClient client;

    @Test
    void theExtensionOnTheClassPathDecidesTransitionsAndClassifiesChanges() throws Exception {
        EmbeddedApi.installCrd(client);
        try (var jobManagers = FakeJobManagers.start();
                var routed = jobManagers.routeThisJvm(client.getConfiguration().getMasterUrl());
                var fake = FakeFlinkOperator.start(client)) {
            Extensions extensions = Extensions.load(getClass().getClassLoader());
            assertThat(extensions.names()).containsExactly(SteadyGreenExtension.NAME);
            Operator operator = forkOperator(extensions);
            try {
                var scenario = new ExtensionScenario(client, jobManagers::toString);
                scenario.deployed(List.of("held", "steady", "restarted"), List.of("plain"));
                scenario.runsTheSwitchOnlyWhenThePolicySaysReady();
                scenario.holdsARunThatRestarted(jobManagers);
                scenario.patchesReporterKeysInPlace();
                scenario.withoutTheExtensionAReporterKeyStartsATransition();
            } finally {
                operator.stop();
            }
        }
    }

    private Operator forkOperator(Extensions extensions) {
        Operator operator =
                new Operator(
                        BlueGreenController.operatorConfiguration()
                                .andThen(
                                        o ->
                                                o.withKubernetesClient(client)
                                                        .withCloseClientOnStop(false)));
        BlueGreenController.register(
                operator,
                BlueGreenReconciler.Config.of(Clock.systemUTC())
                        .withIngressVersion(BlueGreenController.ingressApiVersion(client))
                        .withExtensions(extensions),
                Set.of());
        operator.start();
        return operator;
    }
}
