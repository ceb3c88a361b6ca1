package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.Color;
import dev.bluegreen.gate.channel.GateControl;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.JobGateReading;
import dev.bluegreen.operator.internal.observe.JobReadings;
import dev.bluegreen.operator.internal.spec.SpecJson;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Which child jobs the ConfigMap channel reads, and a channel that fails. */
class GateReadingTest {

    static GenericKubernetesResource child(String json) {
        return SpecJson.mapper()
                .convertValue(SpecJson.parse(json, "test"), GenericKubernetesResource.class);
    }

    @Test
    void jobsAreTheChildrenWithAJobIdAtTheirRestServiceAndPort() {
        // Given blue with a job on a custom REST port, green without a job id yet
        Map<String, GenericKubernetesResource> children =
                Map.of(
                        "orders-blue",
                        child(
                                "{\"spec\":{\"flinkConfiguration\":{\"rest.port\":\"8090\"}},"
                                        + "\"status\":{\"jobStatus\":{\"jobId\":\"b1\","
                                        + "\"startTime\":\"1700000000000\"}}}"),
                        "orders-green",
                        child("{\"spec\":{},\"status\":{\"jobStatus\":{}}}"));

        // When
        var jobs =
                GateReading.jobs(
                        ChildNames.derived("orders"),
                        "shop",
                        children::get,
                        (ns, child, port) ->
                                java.net.URI.create(
                                        "http://" + child + "-rest." + ns + ".svc:" + port));

        // Then
        assertThat(jobs).hasSize(1);
        assertThat(jobs.get(0).color()).isEqualTo(Color.BLUE);
        assertThat(jobs.get(0).jobId()).isEqualTo("b1");
        assertThat(jobs.get(0).rest()).hasToString("http://orders-blue-rest.shop.svc:8090");
        assertThat(jobs.get(0).startedAt())
                .isEqualTo(java.time.Instant.ofEpochMilli(1700000000000L));
    }

    /** A channel whose command cannot be read, and whose REST readings say so too. */
    abstract static class BrokenWithReadings implements GateControl, JobReadings {}

    @Test
    void aChannelThatCannotBeReadKeepsWhatTheRestApisSaid() {
        var reading =
                new JobGateReading(
                        new ChildJob(Color.GREEN, java.net.URI.create("http://jm/"), "g1"),
                        1,
                        List.of(),
                        List.of("configmap shop/orders-gate: data.command: bad"),
                        null);
        GateControl broken =
                new BrokenWithReadings() {
                    @Override
                    public boolean send(GateCommand command) {
                        return false;
                    }

                    @Override
                    public Optional<GateCommand> current() {
                        throw new IllegalStateException("ConfigMap orders-gate data.command: bad");
                    }

                    @Override
                    public List<GateReport> reports() {
                        return List.of();
                    }

                    @Override
                    public List<JobGateReading> jobReadings() {
                        return List.of(reading);
                    }
                };

        var view = GateReading.read(broken);

        assertThat(view.readable()).isFalse();
        assertThat(view.jobs()).containsExactly(reading);
    }

    @Test
    void aChannelThatCannotBeReadIsUnknownToTheEngineWithTheReason() {
        GateControl broken =
                new GateControl() {
                    @Override
                    public boolean send(GateCommand command) {
                        return false;
                    }

                    @Override
                    public Optional<GateCommand> current() {
                        throw new IllegalStateException("ConfigMap orders-gate data.command: bad");
                    }

                    @Override
                    public List<GateReport> reports() {
                        return List.of();
                    }
                };

        var view = GateReading.read(broken);

        assertThat(view.readable()).isFalse();
        assertThat(view.problem())
                .isEqualTo("gate channel not readable: ConfigMap orders-gate data.command: bad");
    }
}
