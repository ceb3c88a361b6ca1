package dev.bluegreen.gate.table;

import dev.bluegreen.gate.flink.ColorScope;
import dev.bluegreen.gate.flink.GateConfigOptions;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decides, from a {@code bluegreen} table's options, what the wrapper does: the options of the
 * inner table and the {@link GatePlan}. Pure: no discovery, no I/O. Every refusal is a {@link
 * ValidationException} naming the option.
 */
final class SinkPlanner {
    /** Kafka's (and upsert-kafka's) transactional-id prefix: the colour is appended to it. */
    static final String TRANSACTIONAL_ID_PREFIX = "sink.transactional-id-prefix";

    private static final String JOB_ONLY =
            "not a table option: the controller sets it in the job's configuration"
                    + " (flinkConfiguration), where it differs between blue and green";

    private SinkPlanner() {}

    /**
     * The options of the inner table: every option that is not the wrapper's, unchanged, with
     * {@code connector} set to the inner connector and Kafka's transactional-id prefix coloured.
     *
     * @param options the {@code bluegreen} table's options
     * @param scope the job's colour
     * @return the inner table's options
     * @throws ValidationException naming the option when one of the wrapper's keys is refused
     */
    static Map<String, String> innerOptions(Map<String, String> options, ColorScope scope) {
        checkOwnKeys(options);
        String inner = innerConnector(options);
        Map<String, String> result = new LinkedHashMap<>();
        options.forEach(
                (key, value) -> {
                    if (!key.startsWith(BlueGreenSinkOptions.PREFIX)) {
                        result.put(key, value);
                    }
                });
        result.put(FactoryUtil.CONNECTOR.key(), inner);
        result.computeIfPresent(TRANSACTIONAL_ID_PREFIX, (key, prefix) -> scope.scoped(prefix));
        return result;
    }

    /**
     * The gate's plan for a table.
     *
     * @param table the table's name, {@code catalog.database.table}
     * @param options the table's options
     * @param physical the table's physical row type
     * @param scope the job's colour
     * @throws ValidationException naming the option when a value is refused
     */
    static GatePlan gatePlan(
            String table, Map<String, String> options, RowType physical, ColorScope scope) {
        checkOwnKeys(options);
        Configuration own = Configuration.fromMap(options);
        return new GatePlan(
                table,
                gateUid(own),
                own.getOptional(BlueGreenSinkOptions.EVENT_TIME_COLUMN)
                        .map(name -> column(name, physical))
                        .orElse(null),
                duration(own, GateConfigOptions.ALLOWED_LATENESS),
                duration(own, GateConfigOptions.IDLE_TIMEOUT),
                duration(own, GateConfigOptions.REPORT_INTERVAL),
                scope);
    }

    /** {@code bluegreen.gate.uid}, null when unset; refused when blank. */
    private static String gateUid(Configuration own) {
        String uid = own.getOptional(BlueGreenSinkOptions.GATE_UID).orElse(null);
        if (uid != null && uid.trim().isEmpty()) {
            throw refused(BlueGreenSinkOptions.GATE_UID.key(), "must not be blank");
        }
        return uid;
    }

    /**
     * A duration option's value, null when unset; refused when malformed (Flink's parser also
     * refuses a negative one) or, for the report interval and the idle timeout, zero.
     */
    private static Duration duration(Configuration own, ConfigOption<Duration> option) {
        Duration value = parsed(own, option);
        boolean positive =
                option == GateConfigOptions.REPORT_INTERVAL
                        || option == GateConfigOptions.IDLE_TIMEOUT;
        if (value != null && value.isZero() && positive) {
            throw refused(option.key(), "must be positive");
        }
        return value;
    }

    private static Duration parsed(Configuration own, ConfigOption<Duration> option) {
        try {
            return own.getOptional(option).orElse(null);
        } catch (IllegalArgumentException e) {
            throw refused(
                    option.key(), "not a duration, got '" + own.toMap().get(option.key()) + "'");
        }
    }

    /** The inner connector's identifier ({@code bluegreen.sink}). */
    static String innerConnector(Map<String, String> options) {
        String key = BlueGreenSinkOptions.SINK.key();
        String inner = options.get(key);
        if (inner == null || inner.trim().isEmpty()) {
            throw refused(key, "required: the connector the rows go to after the gate, e.g. kafka");
        }
        if (inner.trim().equals(BlueGreenTableSinkFactory.IDENTIFIER)) {
            throw refused(key, "must name another connector, not 'bluegreen' itself");
        }
        return inner.trim();
    }

    private static void checkOwnKeys(Map<String, String> options) {
        for (String key : options.keySet()) {
            if (BlueGreenSinkOptions.JOB_ONLY.contains(key)) {
                throw refused(key, JOB_ONLY);
            }
            if (key.startsWith(BlueGreenSinkOptions.PREFIX)
                    && !BlueGreenSinkOptions.OWN.containsKey(key)) {
                throw refused(
                        key,
                        "unsupported option of connector 'bluegreen'; supported: "
                                + BlueGreenSinkOptions.OWN.keySet()
                                + " (every other key goes to the inner connector)");
            }
        }
    }

    private static EventTimeColumn column(String name, RowType physical) {
        int position = physical.getFieldNames().indexOf(name);
        if (position < 0) {
            throw refused(
                    BlueGreenSinkOptions.EVENT_TIME_COLUMN.key(),
                    "no physical column '"
                            + name
                            + "' in the table; columns: "
                            + physical.getFieldNames());
        }
        LogicalType type = physical.getTypeAt(position);
        checkTimestamp(name, type);
        return new EventTimeColumn(name, position, LogicalTypeChecks.getPrecision(type));
    }

    private static void checkTimestamp(String name, LogicalType type) {
        if (!type.is(LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE)
                && !type.is(LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE)) {
            throw refused(
                    BlueGreenSinkOptions.EVENT_TIME_COLUMN.key(),
                    "column '" + name + "' is " + type + "; expected TIMESTAMP or TIMESTAMP_LTZ");
        }
    }

    static ValidationException refused(String key, String why) {
        return new ValidationException("Connector 'bluegreen', option '" + key + "': " + why);
    }
}
