package dev.bluegreen.gate.it;

import dev.bluegreen.gate.flink.BlueGreenGate;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code configmap} channel inside real Flink jobs: the gate finds the channel type through the
 * service loader, takes its {@code bluegreen.gate.configmap.*} keys from the job configuration and
 * reads the controller's committed command from the ConfigMap (on fabric8's mock API server) before
 * its first record. Blue then writes exactly the records before the cutover and green exactly those
 * from it.
 */
@EnableKubernetesMockClient(crud = true, https = false)
class ConfigMapChannelIT {
    private static final long RECORDS = 1_000;
    private static final long CUTOVER = 5_000; // event time of record 500

    static KubernetesClient client;
    static KubernetesMockServer server;

    @Test
    void blueAndGreenSplitTheOutputAtTheCommittedCutoverReadFromTheConfigMap() throws Exception {
        // Given the controller committed a cutover in the parent's ConfigMap
        client.configMaps()
                .inNamespace("shop")
                .resource(
                        new ConfigMapBuilder()
                                .withNewMetadata()
                                .withName("orders-gate")
                                .withNamespace("shop")
                                .endMetadata()
                                .withData(
                                        Map.of(
                                                "command",
                                                GateCommand.propose(1, CUTOVER).commit().toText()))
                                .build())
                .create();

        // When both colours run over the same input
        List<Long> blue = run(Color.BLUE);
        List<Long> green = run(Color.GREEN);

        // Then blue wrote the ids before the cutover, green the rest, each once
        assertThat(blue).containsExactlyInAnyOrderElementsOf(ids(0, 500));
        assertThat(green).containsExactlyInAnyOrderElementsOf(ids(500, RECORDS));
    }

    private static List<Long> run(Color color) throws Exception {
        Configuration conf = new Configuration();
        conf.setString("bluegreen.gate.color", color.name());
        conf.setString("bluegreen.gate.channel", "shop/orders");
        conf.setString("bluegreen.gate.channel.type", "configmap");
        conf.setString("bluegreen.gate.configmap.api-url", server.url("/"));
        conf.setString("bluegreen.gate.configmap.token-file", "/nonexistent/token");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        DataStream<Long> ids =
                env.fromSequence(0, RECORDS - 1)
                        .assignTimestampsAndWatermarks(
                                WatermarkStrategy.<Long>forMonotonousTimestamps()
                                        .withTimestampAssigner((id, previous) -> id * 10));
        List<Long> out = new ArrayList<>();
        try (CloseableIterator<Long> it =
                BlueGreenGate.apply(ids).executeAndCollect("configmap-" + color)) {
            it.forEachRemaining(out::add);
        }
        return out;
    }

    private static List<Long> ids(long from, long to) {
        return LongStream.range(from, to).boxed().collect(Collectors.toList());
    }
}
