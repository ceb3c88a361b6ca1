package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.flink.ColorScope;
import dev.bluegreen.kafka.example.SourceGroups.Decision;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link SourceGroups}: the rule of its class comment, one row per case, blue and green. */
class SourceGroupsTest {
    static final String KAFKA_SOURCE =
            "CREATE TABLE events (id BIGINT, k STRING) WITH ('connector' = 'kafka',"
                    + " 'topic' = 'orders-in', 'properties.group.id' = 'orders-window',"
                    + " 'scan.startup.mode' = 'earliest-offset', 'format' = 'csv')";

    static Stream<Arguments> rows() {
        return Stream.of(
                row("a Kafka source with a group", KAFKA_SOURCE, Decision.COLOR),
                row(
                        "a temporary table, another case, the mode as a timestamp",
                        "create temporary table e (id BIGINT) with ('connector'='kafka',"
                                + "'properties.group.id'='g','scan.startup.mode'='timestamp')",
                        Decision.COLOR),
                row(
                        "upsert-kafka (always reads from the earliest offset)",
                        "CREATE TABLE u (k STRING, PRIMARY KEY (k) NOT ENFORCED) WITH ("
                                + "'connector' = 'upsert-kafka', 'properties.group.id' = 'g')",
                        Decision.COLOR),
                row(
                        "a Kafka source without a group",
                        KAFKA_SOURCE.replace("'properties.group.id' = 'orders-window',", ""),
                        Decision.NO_GROUP),
                row(
                        "group-offsets, the group is where a job without state starts",
                        KAFKA_SOURCE.replace("earliest-offset", "group-offsets"),
                        Decision.GROUP_IS_THE_START),
                row(
                        "no startup mode: Kafka's default is group-offsets",
                        KAFKA_SOURCE.replace(", 'scan.startup.mode' = 'earliest-offset'", ""),
                        Decision.GROUP_IS_THE_START),
                row(
                        "a non-Kafka source",
                        "CREATE TABLE f (id BIGINT) WITH ('connector' = 'filesystem',"
                                + " 'path' = '/in', 'properties.group.id' = 'g')",
                        Decision.NOT_KAFKA),
                row(
                        "the bluegreen sink table, even over Kafka with a group",
                        "CREATE TABLE counts (k STRING) WITH ('connector' = 'bluegreen',"
                                + " 'bluegreen.sink' = 'kafka', 'properties.group.id' = 'g',"
                                + " 'sink.transactional-id-prefix' = 'orders-out')",
                        Decision.NOT_KAFKA),
                row(
                        "a view whose query names the key in a string",
                        "CREATE VIEW v AS SELECT 'properties.group.id' = 'g' FROM events",
                        Decision.NOT_A_TABLE),
                row("an INSERT", "INSERT INTO counts SELECT k FROM events", Decision.NOT_A_TABLE));
    }

    static Arguments row(String what, String statement, Decision decision) {
        return Arguments.of(what, statement, decision);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void decidesEachRowTheSameForBlueAndGreen(String what, String statement, Decision decision) {
        assertThat(SourceGroups.decide(statement, ColorScope.fixed("blue"))).isEqualTo(decision);
        assertThat(SourceGroups.decide(statement, ColorScope.fixed("GREEN"))).isEqualTo(decision);
        assertThat(SourceGroups.decide(statement, ColorScope.fixed(null)))
                .isEqualTo(Decision.NO_COLOR);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void changesOnlyTheGroupAndOnlyWhenColoured(String what, String statement, Decision decision) {
        String blue = SourceGroups.colored(statement, ColorScope.fixed("blue"));
        assertThat(SourceGroups.colored(statement, ColorScope.fixed(null))).isEqualTo(statement);
        if (decision == Decision.COLOR) {
            assertThat(blue).isNotEqualTo(statement);
            assertThat(blue.replaceFirst("-blue'", "'")).isEqualTo(statement);
        } else {
            assertThat(blue).isEqualTo(statement);
        }
    }

    @Test
    void appendsTheColourToTheGroupKeepingEveryOtherCharacter() {
        assertThat(SourceGroups.colored(KAFKA_SOURCE, ColorScope.fixed("green")))
                .isEqualTo(KAFKA_SOURCE.replace("'orders-window'", "'orders-window-green'"));
    }

    @Test
    void keepsAnEscapedQuoteInTheGroup() {
        String statement =
                "CREATE TABLE e (id BIGINT) WITH ('connector' = 'kafka',"
                        + " 'properties.group.id' = 'it''s', 'scan.startup.mode' = 'latest-offset')";
        assertThat(SourceGroups.colored(statement, ColorScope.fixed("blue")))
                .contains("'properties.group.id' = 'it''s-blue'");
    }
}
