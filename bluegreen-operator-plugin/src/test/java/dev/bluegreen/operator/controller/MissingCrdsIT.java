package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.internal.apply.InstalledCrds;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.javaoperatorsdk.operator.Operator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Registration without the upstream FlinkDeployment and FlinkStateSnapshot CRDs fails at once with
 * a message naming them (instead of fabric8's API-discovery error), and works once they exist.
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
    void registrationWithoutTheUpstreamCrdsFailsNamingThemAndWorksOnceInstalled()
            throws IOException {
        // Given only our CRD
        installOurCrd();
        Operator operator =
                new Operator(
                        BlueGreenController.operatorConfiguration()
                                .andThen(
                                        o ->
                                                o.withKubernetesClient(client)
                                                        .withCloseClientOnStop(false)));
        // When the controller is registered, Then it fails with a message naming both CRDs
        assertThatThrownBy(() -> BlueGreenController.register(operator, Clock.systemUTC()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(InstalledCrds.FLINK_DEPLOYMENT)
                .hasMessageContaining(InstalledCrds.FLINK_STATE_SNAPSHOT);
        assertThat(operator.getRegisteredControllers()).isEmpty();

        // When the CRDs are installed, the same operator registers and starts
        FakeFlinkOperator.installCrds(client);
        var registered = BlueGreenController.register(operator, Clock.systemUTC());
        try {
            operator.start();
            assertThat(operator.getRegisteredControllers()).containsExactly(registered);
        } finally {
            operator.stop();
        }
    }
}
