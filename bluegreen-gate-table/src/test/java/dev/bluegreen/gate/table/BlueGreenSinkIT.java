package dev.bluegreen.gate.table;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.GateCommand;

import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SQL {@code INSERT}s through {@code 'connector' = 'bluegreen'} run on a local MiniCluster (one per
 * job, four jobs): the bounded source {@code src} (ids 0..199, event time id seconds) goes through
 * the gate to the collecting inner sink. Without a colour every row passes, whatever provider the
 * inner sink returns; with a colour and a committed cutover at id 100 on the in-memory channel,
 * blue writes exactly the rows before it and green the rows from it, by the rowtime attribute (a
 * projection and a filter) or by the event-time column (a computed column).
 */
class BlueGreenSinkIT {
    static final long CUTOVER_ID = 100;
    static final long CUTOVER_MS = CUTOVER_ID * 1000;
    static final List<String> PROVIDERS =
            List.of("sink-v2", "sink-function", "output-format", "data-stream");

    /** A regular column (no rowtime attribute) 50 s ahead of the rowtime. */
    static final String SHIFTED_COLUMN =
            "SELECT id, CAST(ts + INTERVAL '50' SECOND AS TIMESTAMP_LTZ(3)) FROM src";

    private final String channel = "sql-it-" + UUID.randomUUID();

    @AfterEach
    void removeChannel() {
        InMemoryGateChannel.remove(channel);
    }

    @Test
    void withoutAColourEveryRowReachesTheInnerSinkWhateverItsProvider() throws Exception {
        // one job, one bluegreen sink table per inner provider type
        Map<String, String> sinks = new LinkedHashMap<>();
        for (String provider : PROVIDERS) {
            sinks.put(provider, "SELECT id, ts FROM src");
        }

        Map<String, String> names = run(Map.of(), sinks);

        for (String provider : PROVIDERS) {
            assertThat(sorted(names.get(provider)))
                    .as(provider)
                    .isEqualTo(ids(0, SqlJobs.LAST_ID + 1));
        }
    }

    @Test
    void committedCutoverSplitsTheRowsByRowtimeAndByTheEventTimeColumn() throws Exception {
        InMemoryGateChannel.named(channel).send(GateCommand.propose(1, CUTOVER_MS).commit());
        Map<String, String> sinks =
                Map.of(
                        "rowtime",
                        "SELECT id, ts FROM src WHERE MOD(id, 2) = 0",
                        "column",
                        SHIFTED_COLUMN);

        Map<String, String> blue = run(colour("BLUE"), sinks);
        Map<String, String> green = run(colour("GREEN"), sinks);

        assertThat(sorted(blue.get("rowtime"))).isEqualTo(evenIds(0, CUTOVER_ID));
        assertThat(sorted(green.get("rowtime")))
                .isEqualTo(evenIds(CUTOVER_ID, SqlJobs.LAST_ID + 1));
        assertThat(sorted(blue.get("column"))).isEqualTo(ids(0, CUTOVER_ID - 50));
        assertThat(sorted(green.get("column")))
                .isEqualTo(ids(CUTOVER_ID - 50, SqlJobs.LAST_ID + 1));
    }

    @Test
    void greenWritesNothingBeforeAnyCutover() throws Exception {
        Map<String, String> green =
                run(colour("GREEN"), Map.of("rowtime", "SELECT id, ts FROM src"));

        assertThat(CollectingSinkFactory.rows(green.get("rowtime"))).isEmpty();
    }

    private Map<String, String> colour(String colour) {
        return Map.of("bluegreen.gate.color", colour, "bluegreen.gate.channel", channel);
    }

    /**
     * Runs one job that inserts each query into its own bluegreen table (key {@code column}: with
     * {@code bluegreen.event-time-column}; a provider name: that inner provider), to the end.
     *
     * @return the collecting sink's name per key
     */
    private static Map<String, String> run(Map<String, String> config, Map<String, String> queries)
            throws Exception {
        StreamTableEnvironment tables = SqlJobs.environment(config);
        var statements = tables.createStatementSet();
        Map<String, String> names = new LinkedHashMap<>();
        queries.forEach(
                (key, query) -> {
                    String name = SqlJobs.uniqueName();
                    String table = "out_" + key.replace('-', '_');
                    SqlJobs.createSink(tables, table, name, options(key));
                    statements.addInsertSql("INSERT INTO " + table + " " + query);
                    names.put(key, name);
                });
        statements.execute().await();
        return names;
    }

    private static String options(String key) {
        if (key.equals("column")) {
            return ", 'bluegreen.event-time-column' = 'ts'";
        }
        return PROVIDERS.contains(key) ? ", 'provider' = '" + key + "'" : "";
    }

    private static List<Long> sorted(String name) {
        return CollectingSinkFactory.rows(name).stream().sorted().collect(Collectors.toList());
    }

    private static List<Long> evenIds(long from, long to) {
        return LongStream.range(from, to)
                .filter(id -> id % 2 == 0)
                .boxed()
                .collect(Collectors.toList());
    }

    private static List<Long> ids(long from, long to) {
        return LongStream.range(from, to).boxed().collect(Collectors.toList());
    }
}
