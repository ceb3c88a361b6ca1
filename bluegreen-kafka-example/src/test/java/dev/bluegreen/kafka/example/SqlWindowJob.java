package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.flink.ColorScope;

import org.apache.flink.table.api.bridge.java.StreamStatementSet;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

/**
 * Test support: the stateful SQL job of the SQL handover ITs, as a user writes it. A Kafka source
 * table on the input topic ({@code id,key,eventTimeMs} as csv) with a watermark 1 s behind the
 * event time; a one-second {@code TUMBLE} window counting per key; a Kafka sink table through
 * {@code 'connector' = 'bluegreen'} ({@code 'bluegreen.sink' = 'kafka'}, exactly-once) on the
 * output topic. The window's {@code window_time} is the rowtime the gate decides by. Output rows
 * (csv): {@code key, windowStartMs, count, maxId, version, windowTime[, extra]}.
 */
final class SqlWindowJob {
    /** The window size, ms (whole seconds). */
    static final long WINDOW_MS = WindowOutput.WINDOW_MS;

    /** The watermark's delay behind the largest event time, ms (whole seconds). */
    static final long WATERMARK_DELAY_MS = WindowOutput.WATERMARK_DELAY_MS;

    /** The versions of the query: what each adds after (or inside) the window. */
    enum Version {
        /** The base query, version label {@code v1}. */
        V1("v1", "", ""),
        /** State-compatible: label {@code v2} and a projection added after the window. */
        V2("v2", ", extra STRING", ", CONCAT(k, '#', CAST(COUNT(*) AS STRING))"),
        /** Incompatible: an aggregate added to the window (its accumulators change). */
        V2_NEW_AGGREGATE("v2", ", extra BIGINT", ", SUM(et)");

        final String label;
        final String extraColumn;
        final String extraSelect;

        Version(String label, String extraColumn, String extraSelect) {
            this.label = label;
            this.extraColumn = extraColumn;
            this.extraSelect = extraSelect;
        }
    }

    private SqlWindowJob() {}

    /**
     * The job of {@code version} reading and writing {@code topics} on {@code bootstrapServers}.
     */
    static ColourJob.Pipeline pipeline(
            String bootstrapServers, KafkaPipeline.TopicPair topics, Version version) {
        return env -> {
            StreamTableEnvironment tables = StreamTableEnvironment.create(env);
            // a consumer group per colour: both colours commit their offsets without mixing them
            String group = ColorScope.of(env).scoped("sql-window");
            tables.executeSql(sourceDdl(bootstrapServers, topics.input(), group));
            tables.executeSql(sinkDdl(bootstrapServers, topics.output(), version));
            StreamStatementSet statements = tables.createStatementSet();
            statements.addInsertSql(insert(version));
            statements.attachAsDataStream();
        };
    }

    static String sourceDdl(String bootstrapServers, String topic, String group) {
        return "CREATE TABLE events (id BIGINT, k STRING, et BIGINT,"
                + " ts AS TO_TIMESTAMP_LTZ(et, 3),"
                + " WATERMARK FOR ts AS ts - INTERVAL '"
                + WATERMARK_DELAY_MS / 1000
                + "' SECOND) WITH ("
                + "'connector' = 'kafka', 'topic' = '"
                + topic
                + "', 'properties.bootstrap.servers' = '"
                + bootstrapServers
                + "', 'properties.group.id' = '"
                + group
                + "', 'scan.startup.mode' = 'earliest-offset', 'format' = 'csv')";
    }

    static String sinkDdl(String bootstrapServers, String topic, Version version) {
        return "CREATE TABLE counts (k STRING, window_start_ms BIGINT, cnt BIGINT, max_id BIGINT,"
                + " version STRING, wt TIMESTAMP_LTZ(3)"
                + version.extraColumn
                + ") WITH ("
                + "'connector' = 'bluegreen', 'bluegreen.sink' = 'kafka',"
                + " 'topic' = '"
                + topic
                + "', 'properties.bootstrap.servers' = '"
                + bootstrapServers
                + "', 'format' = 'csv', 'sink.delivery-guarantee' = 'exactly-once',"
                + " 'sink.transactional-id-prefix' = 'sql-counts',"
                + " 'properties.transaction.timeout.ms' = '300000')";
    }

    static String insert(Version version) {
        return "INSERT INTO counts SELECT k, MIN(et) - MOD(MIN(et), "
                + WINDOW_MS
                + "), COUNT(*), MAX(id), '"
                + version.label
                + "', window_time"
                + version.extraSelect
                + " FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '"
                + WINDOW_MS / 1000
                + "' SECOND)) GROUP BY window_start, window_end, window_time, k";
    }
}
