package dev.bluegreen.gate.table;

import dev.bluegreen.gate.flink.ColorScope;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The connector's planning decisions: inner options, colouring, event time and each refusal. */
class SinkPlannerTest {
    static final RowType ROW =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(),
                        new VarCharType(10),
                        new LocalZonedTimestampType(3),
                        new TimestampType(6)
                    },
                    new String[] {"id", "k", "ts_ltz", "ts"});

    static Map<String, String> table(String... keyValues) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("connector", "bluegreen");
        options.put("bluegreen.sink", "kafka");
        for (int i = 0; i < keyValues.length; i += 2) {
            if (keyValues[i + 1] == null) {
                options.remove(keyValues[i]);
            } else {
                options.put(keyValues[i], keyValues[i + 1]);
            }
        }
        return options;
    }

    @Test
    void innerTableGetsEveryOtherOptionUnchangedAndNamesTheInnerConnector() {
        Map<String, String> options =
                table(
                        "topic", "out",
                        "properties.bootstrap.servers", "b:9092",
                        "bluegreen.event-time-column", "ts",
                        "bluegreen.gate.report-interval", "100 ms");

        assertThat(SinkPlanner.innerOptions(options, ColorScope.fixed(null)))
                .containsExactly(
                        Map.entry("connector", "kafka"),
                        Map.entry("topic", "out"),
                        Map.entry("properties.bootstrap.servers", "b:9092"));
    }

    @Test
    void transactionalIdPrefixGetsTheJobsColour() {
        Map<String, String> options = table("sink.transactional-id-prefix", "orders");

        assertThat(SinkPlanner.innerOptions(options, ColorScope.fixed("GREEN")))
                .containsEntry("sink.transactional-id-prefix", "orders-green");
        assertThat(SinkPlanner.innerOptions(options, ColorScope.fixed("blue")))
                .containsEntry("sink.transactional-id-prefix", "orders-blue");
        assertThat(SinkPlanner.innerOptions(options, ColorScope.fixed(null)))
                .containsEntry("sink.transactional-id-prefix", "orders");
    }

    @Test
    void gateUidDefaultsToTheTableNameAndRowTypeAndTakesTheOption() {
        GatePlan byDefault = SinkPlanner.gatePlan("c.d.out", table(), ROW, ColorScope.fixed(null));
        GatePlan set =
                SinkPlanner.gatePlan(
                        "c.d.out",
                        table("bluegreen.gate.uid", "my-gate"),
                        ROW,
                        ColorScope.fixed(null));

        String rowType = GatePlan.rowTypeText(ROW);
        String otherColumns = GatePlan.rowTypeText(RowType.of(new BigIntType()));
        String uid = byDefault.gateOptions(rowType).name();

        assertThat(uid).matches("BlueGreenGate-c\\.d\\.out-[0-9a-f]{8}");
        assertThat(byDefault.gateOptions(rowType).name()).as("stable").isEqualTo(uid);
        assertThat(byDefault.gateOptions(otherColumns).name()).isNotEqualTo(uid);
        assertThat(set.gateOptions(rowType).name()).isEqualTo("my-gate");
        assertThat(set.gateOptions(otherColumns).name()).isEqualTo("my-gate");
        assertThat(byDefault.column()).isEmpty();
        assertThat(byDefault.gateOptions(rowType).extractor()).isEmpty();
    }

    @Test
    void eventTimeColumnIsFoundByNameInThePhysicalRow() {
        GatePlan ltz =
                SinkPlanner.gatePlan(
                        "t",
                        table("bluegreen.event-time-column", "ts_ltz"),
                        ROW,
                        ColorScope.fixed(null));
        GatePlan plain =
                SinkPlanner.gatePlan(
                        "t",
                        table("bluegreen.event-time-column", "ts"),
                        ROW,
                        ColorScope.fixed(null));

        assertThat(ltz.column().orElseThrow().position()).isEqualTo(2);
        assertThat(plain.column().orElseThrow().position()).isEqualTo(3);
        assertThat(plain.gateOptions("ROW<>").extractor()).isPresent();
    }

    @Test
    void gateTuningOptionsReachTheGate() {
        GatePlan plan =
                SinkPlanner.gatePlan(
                        "t",
                        table(
                                "bluegreen.gate.report-interval", "50 ms",
                                "bluegreen.gate.allowed-lateness", "2 s",
                                "bluegreen.gate.idle-timeout", "1 min"),
                        ROW,
                        ColorScope.fixed(null));

        var resolved =
                plan.gateOptions("ROW<>")
                        .resolve(new org.apache.flink.configuration.Configuration());
        assertThat(resolved.reportInterval()).isEqualTo(Duration.ofMillis(50));
        assertThat(resolved.settings().allowedLatenessMs()).isEqualTo(2_000);
        assertThat(resolved.settings().idleTimeoutMs()).isEqualTo(60_000);
    }

    /** Each bad input, and the option its message must name. */
    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of(table("bluegreen.sink", null), "bluegreen.sink", "required"),
                Arguments.of(table("bluegreen.sink", " "), "bluegreen.sink", "required"),
                Arguments.of(table("bluegreen.sink", "bluegreen"), "bluegreen.sink", "itself"),
                Arguments.of(
                        table("bluegreen.gate.color", "GREEN"),
                        "bluegreen.gate.color",
                        "controller"),
                Arguments.of(
                        table("bluegreen.gate.channel", "x"),
                        "bluegreen.gate.channel",
                        "controller"),
                Arguments.of(
                        table("bluegreen.gate.channel.type", "configmap"),
                        "bluegreen.gate.channel.type",
                        "controller"),
                Arguments.of(table("bluegreen.color", "BLUE"), "bluegreen.color", "controller"),
                Arguments.of(table("bluegreen.sinks", "kafka"), "bluegreen.sinks", "unsupported"),
                Arguments.of(
                        table("bluegreen.event-time-column", "nope"),
                        "bluegreen.event-time-column",
                        "no physical column 'nope'"),
                Arguments.of(
                        table("bluegreen.event-time-column", "id"),
                        "bluegreen.event-time-column",
                        "BIGINT"),
                Arguments.of(table("bluegreen.gate.uid", " "), "bluegreen.gate.uid", "blank"),
                Arguments.of(
                        table("bluegreen.gate.report-interval", "soon"),
                        "bluegreen.gate.report-interval",
                        "not a duration"),
                Arguments.of(
                        table("bluegreen.gate.report-interval", "0 ms"),
                        "bluegreen.gate.report-interval",
                        "positive"),
                Arguments.of(
                        table("bluegreen.gate.idle-timeout", "0 s"),
                        "bluegreen.gate.idle-timeout",
                        "positive"),
                Arguments.of(
                        table("bluegreen.gate.allowed-lateness", "-1 s"),
                        "bluegreen.gate.allowed-lateness",
                        "not a duration"));
    }

    @ParameterizedTest(name = "{1}: {2}")
    @MethodSource("refusals")
    void refusesABadOptionNamingIt(Map<String, String> options, String key, String why) {
        assertThatThrownBy(
                        () -> {
                            SinkPlanner.innerOptions(options, ColorScope.fixed(null));
                            SinkPlanner.gatePlan("t", options, ROW, ColorScope.fixed(null));
                        })
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("option '" + key + "'")
                .hasMessageContaining(why);
    }
}
