package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.apply.InstalledCrds;
import dev.bluegreen.operator.fake.FakeFlinkOperator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.javaoperatorsdk.operator.Operator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Registration without the upstream FlinkDeployment and FlinkStateSnapshot CRDs: the operator
 * starts and stays up instead of failing.
 */
@EnableKubernetesMockClient(crud = true)
class MissingCrdsIT {
    KubernetesClient client;

    private void installOurCrd() throws IOException {
        try (InputStream crd =
                getClass()
                        .getResourceAsStream(
                                "/META-INF/fabric8/flinkbluegreendeployments.bluegreen.dev-v1.yml")) {
            client.apiextensions().v1().customResourceDefinitions().load(crd).create();
        }
    }

    @Test
    void missingUpstreamCrdsAreNamed() throws IOException {
        installOurCrd();
        assertThat(InstalledCrds.missingUpstream(client))
                .containsExactly(
                        InstalledCrds.FLINK_DEPLOYMENT, InstalledCrds.FLINK_STATE_SNAPSHOT);

        FakeFlinkOperator.installCrds(client);

        assertThat(InstalledCrds.missingUpstream(client)).isEmpty();
    }

    @Test
    void operatorStartsAndStaysUpWithoutTheUpstreamCrds() throws IOException {
        // Given only our CRD
        installOurCrd();
        Operator operator =
                new Operator(
                        BlueGreenController.operatorConfiguration()
                                .andThen(
                                        o ->
                                                o.withKubernetesClient(client)
                                                        .withCloseClientOnStop(false)
                                                        .withCacheSyncTimeout(
                                                                Duration.ofSeconds(2))));
        // When the controller is registered and the operator started
        var registered = BlueGreenController.register(operator, Clock.systemUTC());
        try {
            operator.start();
            // Then neither failed
            assertThat(operator.getRegisteredControllers()).containsExactly(registered);
        } finally {
            operator.stop();
        }
    }
}
