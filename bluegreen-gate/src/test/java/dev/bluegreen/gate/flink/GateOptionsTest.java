package dev.bluegreen.gate.flink;

import dev.bluegreen.gate.internal.GateSettings;
import dev.bluegreen.gate.rule.Color;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.transformations.OneInputTransformation;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Options from the job configuration, and what {@link BlueGreenGate#apply} puts in the graph. */
class GateOptionsTest {

    private static Configuration configuration(String... keysAndValues) {
        Configuration configuration = new Configuration();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            configuration.setString(keysAndValues[i], keysAndValues[i + 1]);
        }
        return configuration;
    }

    @Test
    void readsColourChannelAndTuningFromTheConfiguration() {
        GateOptions<String> options =
                GateOptions.<String>fromConfiguration()
                        .resolve(
                                configuration(
                                        "bluegreen.gate.color", "green",
                                        "bluegreen.gate.channel", "shop",
                                        "bluegreen.gate.allowed-lateness", "5 s",
                                        "bluegreen.gate.idle-timeout", "1 min",
                                        "bluegreen.gate.report-interval", "250 ms"));

        assertThat(options.color()).contains(Color.GREEN);
        assertThat(options.channel()).contains("shop");
        assertThat(options.channelType()).isEqualTo("memory");
        assertThat(options.settings()).isEqualTo(GateSettings.of(5_000, 60_000));
        assertThat(options.reportInterval()).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void valuesSetInCodeWinOverTheConfiguration() {
        GateOptions<String> options =
                GateOptions.<String>builder()
                        .color(Color.BLUE)
                        .idleTimeout(Duration.ofSeconds(2))
                        .build()
                        .resolve(
                                configuration(
                                        "bluegreen.gate.color", "GREEN",
                                        "bluegreen.gate.channel", "shop",
                                        "bluegreen.gate.idle-timeout", "1 min"));

        assertThat(options.color()).contains(Color.BLUE);
        assertThat(options.settings().idleTimeoutMs()).isEqualTo(2_000);
    }

    @Test
    void withoutAColourTheGateIsAPassThroughWithDefaults() {
        GateOptions<String> options =
                GateOptions.<String>fromConfiguration().resolve(configuration());

        assertThat(options.color()).isEmpty();
        assertThat(options.settings()).isEqualTo(GateSettings.DEFAULTS);
    }

    @Test
    void badValuesNameTheKey() {
        assertThatThrownBy(
                        () ->
                                GateOptions.fromConfiguration()
                                        .resolve(configuration("bluegreen.gate.color", "red")))
                .hasMessage("bluegreen.gate.color: expected BLUE or GREEN, got \"red\"");
        assertThatThrownBy(
                        () ->
                                GateOptions.fromConfiguration()
                                        .resolve(configuration("bluegreen.gate.color", "BLUE")))
                .hasMessageContaining("bluegreen.gate.channel: required");
        assertThatThrownBy(
                        () ->
                                GateOptions.fromConfiguration()
                                        .resolve(
                                                configuration(
                                                        "bluegreen.gate.report-interval", "0 s")))
                .hasMessageContaining("bluegreen.gate.report-interval");
    }

    @Test
    void applyChainsTheGateToItsInputWithAStableUid() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<String> input = env.fromData(Types.STRING, "a", "b").setParallelism(1);

        SingleOutputStreamOperator<String> gated = BlueGreenGate.apply(input);

        OneInputTransformation<?, ?> transformation =
                (OneInputTransformation<?, ?>) gated.getTransformation();
        assertThat(transformation.getOperatorFactory().getChainingStrategy())
                .isEqualTo(ChainingStrategy.ALWAYS);
        assertThat(transformation.getUid()).isEqualTo(GateOptions.DEFAULT_NAME);
        assertThat(transformation.getParallelism()).isEqualTo(1);
        assertThat(gated.getType()).isEqualTo(Types.STRING);
    }

    @Test
    void aGatedPipelineIsOneChainedTask() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        DataStream<Long> numbers =
                env.fromSource(
                                new NumberSequenceSource(0, 9),
                                WatermarkStrategy.<Long>forMonotonousTimestamps()
                                        .withTimestampAssigner((n, previous) -> n),
                                "numbers")
                        .map(n -> n + 1)
                        .returns(Types.LONG);

        BlueGreenGate.apply(numbers).sinkTo(new DiscardingSink<>());

        assertThat(env.getStreamGraph().getJobGraph().getNumberOfVertices()).isEqualTo(1);
    }
}
