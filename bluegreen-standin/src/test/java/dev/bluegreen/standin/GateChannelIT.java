package dev.bluegreen.standin;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.HandoverStatus;
import dev.bluegreen.gate.rule.Stage;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A job run by the stand-in (the example job, which bundles the gate in its jar) meets this JVM's
 * {@code InMemoryGateChannel}: the stand-in loads {@code dev.bluegreen.gate.} classes parent-first,
 * so the job's gate and the test (playing the controller) share one channel registry. Child-first,
 * the job would have its own registry and no report would reach the test.
 */
@EnableKubernetesMockClient(crud = true)
class GateChannelIT {
    private static final String CHANNEL = "standin-gate-it";

    static KubernetesClient client;
    @TempDir Path tmp;
    private StandInFixture fixture;

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.deleteAll();
            fixture.close();
        }
        InMemoryGateChannel.remove(CHANNEL);
    }

    @Test
    @SuppressWarnings("unchecked")
    void jobsGateSeesCommandsSentInThisJvmAndReportsBack() {
        // Given a blue job whose gate uses the in-memory channel (as the controller configures it)
        fixture = new StandInFixture(client, tmp);
        var fd = StandInFixture.exampleJob("gated", tmp.resolve("out"), "v1");
        var spec = (Map<String, Object>) fd.getAdditionalProperties().get("spec");
        ((Map<String, Object>) spec.get("flinkConfiguration"))
                .putAll(
                        Map.of(
                                "bluegreen.gate.color", "BLUE",
                                "bluegreen.gate.channel", CHANNEL,
                                "bluegreen.gate.channel.type", "memory",
                                "bluegreen.gate.report-interval", "50 ms"));
        fixture.create(fd);
        InMemoryGateChannel channel = InMemoryGateChannel.named(CHANNEL);
        await("the job's gate reports records it passed into this JVM's channel")
                .atMost(StandInFixture.TIMEOUT)
                .until(
                        () ->
                                HandoverStatus.everySubtaskReported(channel.reports(), Color.BLUE)
                                        && channel.reports().get(0).passed() > 0);

        // When the test sends a proposal far in the event-time future
        GateCommand proposal = GateCommand.propose(1, Long.MAX_VALUE / 2);
        channel.send(proposal);

        // Then the job's gate applies it and reports armed for transition 1
        await("the job's gate armed for the proposal")
                .atMost(StandInFixture.TIMEOUT)
                .until(
                        () ->
                                channel.reports(Color.BLUE).stream()
                                        .allMatch(r -> r.transition() == 1 && r.holdsCutover()));
        List<GateReport> reports = channel.reports(Color.BLUE);
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0).stage()).contains(Stage.PROPOSED);
    }
}
