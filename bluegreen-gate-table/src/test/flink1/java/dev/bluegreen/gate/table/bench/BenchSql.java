package dev.bluegreen.gate.table.bench;

/**
 * The SQL of {@link SqlKafkaThroughputProgram}'s jobs: the Kafka source table, the sink table (its
 * connector options given: the only difference between the variants) and the insert, for the query
 * {@code projection} or {@code window}.
 *
 * @param bootstrapServers the broker
 * @param query {@code projection} or {@code window}
 */
record BenchSql(String bootstrapServers, String query) {

    /**
     * The bounded Kafka source table {@code events} on {@code topic}, consumer group {@code group}.
     */
    String sourceDdl(String topic, String group) {
        return "CREATE TABLE events (id BIGINT, k STRING, et BIGINT,"
                + " ts AS TO_TIMESTAMP_LTZ(et, 3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)"
                + " WITH ('connector' = 'kafka', 'topic' = '"
                + topic
                + "', 'properties.bootstrap.servers' = '"
                + bootstrapServers
                + "', 'properties.group.id' = '"
                + group
                + "', 'scan.startup.mode' = 'earliest-offset',"
                + " 'scan.bounded.mode' = 'latest-offset', 'format' = 'csv')";
    }

    /** The exactly-once sink table {@code out_t} on {@code topic} through {@code connector}. */
    String sinkDdl(String connector, String topic, String transactionalIdPrefix) {
        return "CREATE TABLE out_t ("
                + columns()
                + ") WITH ("
                + connector
                + ", 'topic' = '"
                + topic
                + "', 'properties.bootstrap.servers' = '"
                + bootstrapServers
                + "', 'format' = 'csv', 'sink.delivery-guarantee' = 'exactly-once',"
                + " 'sink.transactional-id-prefix' = '"
                + transactionalIdPrefix
                + "', 'properties.transaction.timeout.ms' = '300000')";
    }

    private String columns() {
        return query.equals("window")
                ? "k STRING, window_start_ms BIGINT, cnt BIGINT, max_id BIGINT, wt TIMESTAMP_LTZ(3)"
                : "id BIGINT, k STRING, doubled BIGINT, ts TIMESTAMP_LTZ(3)";
    }

    /** The insert: a projection and a filter, or the one-second TUMBLE window per key. */
    String insert() {
        return query.equals("window")
                ? "INSERT INTO out_t SELECT k, MIN(et) - MOD(MIN(et), 1000), COUNT(*), MAX(id),"
                        + " window_time FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts),"
                        + " INTERVAL '1' SECOND)) GROUP BY window_start, window_end, window_time,"
                        + " k"
                : "INSERT INTO out_t SELECT id, UPPER(k), id * 2, ts FROM events"
                        + " WHERE MOD(id, 7) <> 3";
    }
}
