package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.core.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.JobManagerReports;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.mockwebserver.DefaultMockServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The ConfigMap channel on the embedded API: commands in {@code <parent>-gate}, reports by REST.
 */
@EnableKubernetesMockClient(crud = true)
class ConfigMapGateControlIT {
    static final Owner OWNER =
            new Owner(
                    "bluegreen.dev/v1alpha1", "FlinkBlueGreenDeployment", "shop", "orders", "u-1");

    KubernetesClient client;
    // generous: the mock REST server answers at once, but a loaded build machine can take over a
    // second for the first request; the unreachable address below is refused at once anyway
    JobManagerReports reports = new JobManagerReports(Duration.ofSeconds(10));

    ConfigMapGateControl control(List<ChildJob> jobs) {
        return new ConfigMapGateControl(client, OWNER, reports, jobs);
    }

    ConfigMap configMap() {
        return client.configMaps().inNamespace("shop").withName("orders-gate").get();
    }

    @Test
    void theFirstCommandCreatesTheOwnedConfigMapAndNewerOnesReplaceIt() {
        var control = control(List.of());
        GateCommand proposed = GateCommand.propose(1, 5_000);

        // When
        assertThat(control.current()).isEmpty();
        assertThat(control.send(proposed)).isTrue();
        String createdVersion = configMap().getMetadata().getResourceVersion();
        assertThat(control.send(proposed.commit())).isTrue();

        // Then
        ConfigMap map = configMap();
        assertThat(map.getData()).containsEntry("command", proposed.commit().toText());
        assertThat(map.getMetadata().getResourceVersion()).isNotEqualTo(createdVersion);
        assertThat(map.getMetadata().getOwnerReferences())
                .singleElement()
                .satisfies(o -> assertThat(o.getUid()).isEqualTo("u-1"));
        assertThat(map.getMetadata().getLabels()).containsEntry("bluegreen.dev/parent", "orders");
        assertThat(control.current()).contains(proposed.commit());
    }

    @Test
    void aStaleCommandIsIgnoredAndWritesNothing() {
        var control = control(List.of());
        control.send(GateCommand.propose(2, 9_000));
        String version = configMap().getMetadata().getResourceVersion();

        assertThat(control.send(GateCommand.propose(1, 5_000).commit())).isFalse();

        assertThat(configMap().getMetadata().getResourceVersion()).isEqualTo(version);
        assertThat(control.current()).contains(GateCommand.propose(2, 9_000));
    }

    @Test
    void aMalformedCommandNamesTheConfigMapKey() {
        client.configMaps()
                .inNamespace("shop")
                .resource(
                        new io.fabric8.kubernetes.api.model.ConfigMapBuilder()
                                .withNewMetadata()
                                .withName("orders-gate")
                                .endMetadata()
                                .withData(Map.of("command", "transition=x"))
                                .build())
                .create();

        assertThatThrownBy(() -> control(List.of()).current())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("ConfigMap orders-gate data.command: ");
    }

    @Test
    void reportsComeFromEveryReachableJob() {
        var rest = new DefaultMockServer(false);
        rest.start();
        try {
            GateReport report =
                    GateReport.builder(dev.bluegreen.gate.rule.Color.BLUE, 0, 1)
                            .status(false, 0, false, 1)
                            .build();
            rest.expect()
                    .get()
                    .withPath("/jobs/b1")
                    .andReturn(200, "{\"vertices\":[{\"id\":\"g\",\"parallelism\":1}]}")
                    .always();
            rest.expect()
                    .get()
                    .withPath(
                            "/jobs/b1/vertices/g/subtasks/0/metrics?get="
                                    + JobManagerReports.GAUGE
                                    + ","
                                    + JobManagerReports.CHANNEL_ERROR_GAUGE)
                    .andReturn(
                            200,
                            "[{\"id\":\""
                                    + JobManagerReports.GAUGE
                                    + "\",\"value\":\""
                                    + report.toText()
                                    + "\"}]")
                    .always();
            var jobs =
                    List.of(
                            new ChildJob(Color.BLUE, URI.create(rest.url("/")), "b1"),
                            new ChildJob(Color.GREEN, URI.create("http://127.0.0.1:9/"), "g1"));

            var control = control(jobs);

            assertThat(control.reports()).as("%s", control.jobReadings()).containsExactly(report);
            // the unreachable green is kept with the reason, naming its URL
            assertThat(control.jobReadings())
                    .extracting(r -> r.job().color(), r -> r.subtasks(), r -> r.reports().size())
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple(Color.BLUE, 1, 1),
                            org.assertj.core.groups.Tuple.tuple(Color.GREEN, 0, 0));
            assertThat(control.jobReadings().get(1).unreachable()).contains("127.0.0.1:9");
        } finally {
            rest.shutdown();
        }
    }
}
