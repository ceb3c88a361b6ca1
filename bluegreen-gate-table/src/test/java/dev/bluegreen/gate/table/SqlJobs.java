package dev.bluegreen.gate.table;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import java.util.Map;
import java.util.UUID;

/**
 * Test support: a streaming table environment (parallelism 1) with a bounded datagen source {@code
 * src} of ids 0..{@value #LAST_ID}, event time {@code ts} = id seconds after the epoch with a
 * watermark (a rowtime attribute), and DDL for {@code bluegreen} sink tables.
 */
final class SqlJobs {
    /** The source's last id; ids are 0..LAST_ID. */
    static final long LAST_ID = 199;

    private SqlJobs() {}

    /** An environment whose configuration holds {@code config}, with the source {@code src}. */
    static StreamTableEnvironment environment(Map<String, String> config) {
        Configuration configuration = Configuration.fromMap(config);
        configuration.setString("parallelism.default", "1");
        var env = StreamExecutionEnvironment.getExecutionEnvironment(configuration);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.executeSql(
                "CREATE TABLE src (id BIGINT, ts AS TO_TIMESTAMP_LTZ(id * 1000, 3),"
                        + " WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen',"
                        + " 'fields.id.kind' = 'sequence', 'fields.id.start' = '0',"
                        + " 'fields.id.end' = '"
                        + LAST_ID
                        + "')");
        return tables;
    }

    /** A unique name for a collecting sink. */
    static String uniqueName() {
        return "out-" + UUID.randomUUID();
    }

    /**
     * Creates the sink table {@code out (id BIGINT, ts TIMESTAMP_LTZ(3))} through {@code bluegreen}
     * to the collecting sink {@code name}, with {@code extraOptions} (a DDL fragment, may be
     * empty).
     */
    static void createSink(StreamTableEnvironment tables, String name, String extraOptions) {
        createSink(tables, "out", name, extraOptions);
    }

    /** As {@link #createSink(StreamTableEnvironment, String, String)}, named {@code table}. */
    static void createSink(
            StreamTableEnvironment tables, String table, String name, String extraOptions) {
        tables.executeSql(
                "CREATE TABLE `"
                        + table
                        + "` (id BIGINT, ts TIMESTAMP_LTZ(3)) WITH ("
                        + "'connector' = 'bluegreen', 'bluegreen.sink' = 'collecting',"
                        + " 'name' = '"
                        + name
                        + "'"
                        + extraOptions
                        + ")");
    }
}
