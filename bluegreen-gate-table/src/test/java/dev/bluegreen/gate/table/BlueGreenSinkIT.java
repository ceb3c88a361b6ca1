package dev.bluegreen.gate.table;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.GateCommand;

import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SQL {@code INSERT}s through {@code 'connector' = 'bluegreen'} run on a local MiniCluster: the
 * bounded source {@code src} (ids 0..199, event time id seconds) goes through the gate to the
 * collecting inner sink. Without a colour every row passes, whatever provider the inner sink
 * returns; with a colour and a committed cutover at id 100 on the in-memory channel, blue writes
 * exactly the rows before it and green the rows from it, by the rowtime attribute or by the
 * event-time column.
 */
class BlueGreenSinkIT {
    static final long CUTOVER_ID = 100;
    static final long CUTOVER_MS = CUTOVER_ID * 1000;

    private final String channel = "sql-it-" + UUID.randomUUID();

    @AfterEach
    void removeChannel() {
        InMemoryGateChannel.remove(channel);
    }

    @ParameterizedTest(name = "inner provider {0}")
    @ValueSource(strings = {"sink-v2", "sink-function", "output-format", "data-stream"})
    void withoutAColourEveryRowReachesTheInnerSink(String provider) throws Exception {
        String name = run(Map.of(), ", 'provider' = '" + provider + "'", rowtimeInsert());

        assertThat(sorted(name)).isEqualTo(ids(0, SqlJobs.LAST_ID + 1));
    }

    @Test
    void committedCutoverSplitsTheRowsByRowtime() throws Exception {
        InMemoryGateChannel.named(channel).send(GateCommand.propose(1, CUTOVER_MS).commit());

        String blue = run(colour("BLUE"), "", rowtimeInsert());
        String green = run(colour("GREEN"), "", rowtimeInsert());

        assertThat(sorted(blue)).isEqualTo(ids(0, CUTOVER_ID));
        assertThat(sorted(green)).isEqualTo(ids(CUTOVER_ID, SqlJobs.LAST_ID + 1));
    }

    @Test
    void committedCutoverSplitsTheRowsByTheEventTimeColumn() throws Exception {
        InMemoryGateChannel.named(channel).send(GateCommand.propose(1, CUTOVER_MS).commit());
        // a regular column (no rowtime attribute) shifted 50 s ahead of the rowtime
        String insert =
                "INSERT INTO `out` SELECT id,"
                        + " CAST(ts + INTERVAL '50' SECOND AS TIMESTAMP_LTZ(3)) FROM src";
        String column = ", 'bluegreen.event-time-column' = 'ts'";

        String blue = run(colour("BLUE"), column, insert);
        String green = run(colour("GREEN"), column, insert);

        assertThat(sorted(blue)).isEqualTo(ids(0, CUTOVER_ID - 50));
        assertThat(sorted(green)).isEqualTo(ids(CUTOVER_ID - 50, SqlJobs.LAST_ID + 1));
    }

    @Test
    void greenWritesNothingBeforeAnyCutover() throws Exception {
        String green = run(colour("GREEN"), "", rowtimeInsert());

        assertThat(CollectingSinkFactory.rows(green)).isEmpty();
    }

    private Map<String, String> colour(String colour) {
        return Map.of("bluegreen.gate.color", colour, "bluegreen.gate.channel", channel);
    }

    private static String rowtimeInsert() {
        return "INSERT INTO `out` SELECT id, ts FROM src";
    }

    /** Runs {@code insert} to the end into a fresh collecting sink; returns the sink's name. */
    private static String run(Map<String, String> config, String options, String insert)
            throws Exception {
        StreamTableEnvironment tables = SqlJobs.environment(config);
        String name = SqlJobs.uniqueName();
        SqlJobs.createSink(tables, name, options);
        tables.executeSql(insert).await();
        return name;
    }

    private static List<Long> sorted(String name) {
        return CollectingSinkFactory.rows(name).stream().sorted().collect(Collectors.toList());
    }

    private static List<Long> ids(long from, long to) {
        return LongStream.range(from, to).boxed().collect(Collectors.toList());
    }
}
