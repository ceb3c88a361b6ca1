package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.fake.FakeFlinkOperator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.javaoperatorsdk.operator.Operator;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The registration example of docs/controller.md, compiled and run: the text between the markers
 * below is the snippet in the doc ({@code ControllerDocTest} keeps them identical).
 */
@EnableKubernetesMockClient(crud = true)
class RegistrationExampleIT {
    KubernetesClient client;

    @Test
    void registersIntoAnOperatorFork() throws Exception {
        try (InputStream crd =
                getClass()
                        .getResourceAsStream(
                                "/META-INF/fabric8/flinkbluegreendeployments.bluegreen.dev-v1.yml")) {
            client.apiextensions().v1().customResourceDefinitions().load(crd).create();
        }
        // the upstream operator's CRDs are installed in a real cluster
        FakeFlinkOperator.installCrds(client);
        // BEGIN registration example
        Operator operator =
                new Operator(
                        BlueGreenController.operatorConfiguration()
                                .andThen(
                                        o ->
                                                o.withKubernetesClient(client)
                                                        .withCloseClientOnStop(false)));
        var registered = BlueGreenController.register(operator, Clock.systemUTC());
        operator.start();
        // END registration example
        try {
            assertThat(registered.getConfiguration().getName()).isEqualTo(BlueGreenReconciler.NAME);
            assertThat(registered.getConfiguration().getResourceClass())
                    .isEqualTo(FlinkBlueGreenDeployment.class);
            assertThat(operator.getRegisteredControllers()).hasSize(1);
        } finally {
            operator.stop();
        }
    }
}
