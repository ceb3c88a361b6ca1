package dev.bluegreen.gate.kafka;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.gate.rule.PositionCut;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.Collector;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

class GatedDeserializationSchemaTest {
    private static final AtomicInteger CHANNELS = new AtomicInteger();

    @Test
    void aDroppedRecordIsNeverDeserialisedAndAPassedOneIs() throws Exception {
        String name = "gated-" + CHANNELS.incrementAndGet();
        Counting inner = new Counting();
        KafkaRecordDeserializationSchema<String> gated = open(inner, Color.BLUE, name, 1);
        InMemoryGateChannel.named(name)
                .send(
                        GateCommand.proposePositions(1, PositionCut.first(Map.of("in/0", 2L)))
                                .commit());
        await().until(() -> reportOf(name, Color.BLUE).transition() == 1);

        List<String> out = new ArrayList<>();
        for (long offset = 0; offset < 4; offset++) {
            gated.deserialize(record("in", 0, offset), collector(out));
        }

        assertThat(out).containsExactly("in/0@0", "in/0@1");
        assertThat(inner.calls).hasValue(2);
        assertThat(reportOf(name, Color.BLUE).positions().current().asMap())
                .containsEntry("in/0", 4L);
    }

    @Test
    void aRecordAtAProposedCutWaitsForTheCommit() throws Exception {
        String name = "gated-" + CHANNELS.incrementAndGet();
        KafkaRecordDeserializationSchema<String> gated = open(new Counting(), Color.GREEN, name, 1);
        GateCommand proposal =
                GateCommand.proposePositions(1, PositionCut.first(Map.of("in/1", 5L)));
        InMemoryGateChannel.named(name).send(proposal);
        await().until(() -> reportOf(name, Color.GREEN).holdsCutover());
        Thread committer =
                new Thread(
                        () -> {
                            sleep(100);
                            InMemoryGateChannel.named(name).send(proposal.commit());
                        });
        committer.start();

        List<String> out = new ArrayList<>();
        gated.deserialize(record("in", 1, 4), collector(out));
        gated.deserialize(record("in", 1, 5), collector(out));
        committer.join();

        assertThat(out).containsExactly("in/1@5");
    }

    @Test
    void aCutThatIsNeitherCommittedNorAbortedFailsTheSourceAfterTheHoldTimeout() throws Exception {
        String name = "gated-" + CHANNELS.incrementAndGet();
        KafkaRecordDeserializationSchema<String> gated =
                open(new Counting(), Color.BLUE, name, 1, Duration.ofMillis(50));
        InMemoryGateChannel.named(name)
                .send(GateCommand.proposePositions(1, PositionCut.first(Map.of("in/0", 0L))));
        await().until(() -> reportOf(name, Color.BLUE).holdsCutover());

        assertThatThrownBy(
                        () -> gated.deserialize(record("in", 0, 0), collector(new ArrayList<>())))
                .hasMessageContaining("in/0@0 waited 50 ms at a proposed cut");
    }

    @Test
    void optionsNameWhatIsMissing() {
        assertThatThrownBy(
                        () -> GatedSourceOptions.builder().color(Color.BLUE).parallelism(1).build())
                .hasMessageContaining("channel");
        assertThatThrownBy(
                        () ->
                                GatedSourceOptions.builder()
                                        .color(Color.BLUE)
                                        .channel("memory", "x")
                                        .build())
                .hasMessageContaining("parallelism");
    }

    private static KafkaRecordDeserializationSchema<String> open(
            Counting inner, Color color, String channel, int parallelism) throws Exception {
        return open(inner, color, channel, parallelism, Duration.ofSeconds(10));
    }

    private static KafkaRecordDeserializationSchema<String> open(
            Counting inner, Color color, String channel, int parallelism, Duration holdTimeout)
            throws Exception {
        GatedSourceOptions options =
                GatedSourceOptions.builder()
                        .color(color)
                        .channel(InMemoryGateChannel.TYPE, channel)
                        .parallelism(parallelism)
                        .reportInterval(Duration.ofMillis(10))
                        .holdTimeout(holdTimeout)
                        .build();
        KafkaRecordDeserializationSchema<String> gated = BlueGreenKafkaSource.gated(inner, options);
        gated.open(new Context());
        return gated;
    }

    private static GateReport reportOf(String channel, Color color) {
        List<GateReport> reports = InMemoryGateChannel.named(channel).reports(color);
        return reports.isEmpty() ? GateReport.builder(color, 0, 1).build() : reports.get(0);
    }

    private static ConsumerRecord<byte[], byte[]> record(String topic, int partition, long offset) {
        return new ConsumerRecord<>(topic, partition, offset, new byte[0], new byte[0]);
    }

    private static Collector<String> collector(List<String> out) {
        return new Collector<String>() {
            @Override
            public void collect(String record) {
                out.add(record);
            }

            @Override
            public void close() {}
        };
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The user's deserializer: names the record, counts its calls. */
    static final class Counting implements KafkaRecordDeserializationSchema<String> {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<String> out) {
            calls.incrementAndGet();
            out.collect(record.topic() + "/" + record.partition() + "@" + record.offset());
        }

        @Override
        public TypeInformation<String> getProducedType() {
            return Types.STRING;
        }
    }

    /** The context the Kafka source gives: a metric group with the subtask index, a loader. */
    static final class Context implements DeserializationSchema.InitializationContext {
        @Override
        public MetricGroup getMetricGroup() {
            return new UnregisteredMetricsGroup() {
                @Override
                public Map<String, String> getAllVariables() {
                    return Map.of("<subtask_index>", "0");
                }
            };
        }

        @Override
        public UserCodeClassLoader getUserCodeClassLoader() {
            return SimpleUserCodeClassLoader.create(getClass().getClassLoader());
        }
    }
}
