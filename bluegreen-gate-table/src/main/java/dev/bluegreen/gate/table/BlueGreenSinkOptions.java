package dev.bluegreen.gate.table;

import dev.bluegreen.gate.flink.GateConfigOptions;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Table options of the {@code bluegreen} sink connector. Keys starting with {@value #PREFIX} belong
 * to the wrapper; every other key goes to the inner connector unchanged.
 */
public final class BlueGreenSinkOptions {
    private BlueGreenSinkOptions() {}

    /** Prefix of the wrapper's own keys: {@value}. */
    public static final String PREFIX = "bluegreen.";

    /** The inner sink connector's identifier, e.g. {@code kafka}. Required. */
    public static final ConfigOption<String> SINK =
            ConfigOptions.key("bluegreen.sink")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Identifier of the sink connector the records go to after the gate,"
                                    + " e.g. kafka. Its options are the table's other options.");

    /**
     * A {@code TIMESTAMP} or {@code TIMESTAMP_LTZ} column whose value is each row's event time for
     * the gate. Unset: the query's rowtime attribute (the planner puts it in each record's
     * timestamp).
     */
    public static final ConfigOption<String> EVENT_TIME_COLUMN =
            ConfigOptions.key("bluegreen.event-time-column")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "TIMESTAMP or TIMESTAMP_LTZ column holding each row's event time."
                                    + " Unset: the rowtime attribute of the query.");

    /**
     * The gate's operator uid. Unset: {@code BlueGreenGate-<catalog>.<database>.<table>-<row type
     * fingerprint>}, stable across versions of the query as long as the sink table keeps its name
     * and its columns (a change of columns starts the gate afresh, see {@code GatePlan#gateUid}).
     */
    public static final ConfigOption<String> GATE_UID =
            ConfigOptions.key("bluegreen.gate.uid")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Operator uid of the gate (its state restores by it). Default:"
                                    + " BlueGreenGate-<catalog>.<database>.<table>-<fingerprint of"
                                    + " the row type>.");

    /** The wrapper's own keys with their options, in the order the docs list them. */
    static final Map<String, ConfigOption<?>> OWN = ownOptions();

    /**
     * Keys the controller writes into the job's configuration; in a table's options they would give
     * blue and green the same value, so they are refused there.
     */
    static final Set<String> JOB_ONLY =
            Collections.unmodifiableSet(
                    new LinkedHashSet<>(
                            Arrays.asList(
                                    GateConfigOptions.COLOR.key(),
                                    GateConfigOptions.CHANNEL.key(),
                                    GateConfigOptions.CHANNEL_TYPE.key(),
                                    "bluegreen.color")));

    private static Map<String, ConfigOption<?>> ownOptions() {
        Map<String, ConfigOption<?>> own = new LinkedHashMap<>();
        for (ConfigOption<?> option :
                Arrays.<ConfigOption<?>>asList(
                        SINK,
                        EVENT_TIME_COLUMN,
                        GATE_UID,
                        GateConfigOptions.ALLOWED_LATENESS,
                        GateConfigOptions.IDLE_TIMEOUT,
                        GateConfigOptions.REPORT_INTERVAL)) {
            own.put(option.key(), option);
        }
        return Collections.unmodifiableMap(own);
    }
}
