package dev.bluegreen.gate.flink;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.internal.GateSettings;
import dev.bluegreen.gate.internal.KeepLimits;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.MemorySize;

import java.time.Duration;

/**
 * Flink configuration keys of the gate. The controller writes {@link #COLOR} and {@link #CHANNEL}
 * (and the channel type) into each child's {@code flinkConfiguration}; the rest are tuning with
 * defaults. Values set in code through {@link GateOptions} win over these keys.
 */
public final class GateConfigOptions {
    private GateConfigOptions() {}

    /** This job's colour, BLUE or GREEN. Absent: the gate passes everything (BASIC mode). */
    public static final ConfigOption<String> COLOR =
            ConfigOptions.key("bluegreen.gate.color")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Colour of this job (BLUE or GREEN). Without it the gate passes every"
                                    + " record.");

    /** Name of the control channel shared by the controller and both colours. */
    public static final ConfigOption<String> CHANNEL =
            ConfigOptions.key("bluegreen.gate.channel")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("Name of the control channel, e.g. the blue/green name.");

    /** Type of the control channel; {@code memory} is built in. */
    public static final ConfigOption<String> CHANNEL_TYPE =
            ConfigOptions.key("bluegreen.gate.channel.type")
                    .stringType()
                    .defaultValue(InMemoryGateChannel.TYPE)
                    .withDescription("Type of the control channel (memory is built in).");

    /** Allowed lateness of records behind the watermark; a drained colour waits this long. */
    public static final ConfigOption<Duration> ALLOWED_LATENESS =
            ConfigOptions.key("bluegreen.gate.allowed-lateness")
                    .durationType()
                    .defaultValue(Duration.ofMillis(GateSettings.DEFAULT_ALLOWED_LATENESS_MS))
                    .withDescription(
                            "Event time behind the watermark in which records may still arrive.");

    /** Processing time without a record or a watermark advance after which a subtask is idle. */
    public static final ConfigOption<Duration> IDLE_TIMEOUT =
            ConfigOptions.key("bluegreen.gate.idle-timeout")
                    .durationType()
                    .defaultValue(Duration.ofMillis(GateSettings.DEFAULT_IDLE_TIMEOUT_MS))
                    .withDescription(
                            "Processing time without input after which a gate subtask is idle.");

    /**
     * Processing-time interval of reports and command polls. Default 200 ms: records at or after a
     * proposed cutover wait for the next poll after the commit, so this bounds the extra output lag
     * of a handover (HandoverLagBenchmark: 1 s gave up to +0.9 s, 200 ms gave +1 ms).
     */
    public static final ConfigOption<Duration> REPORT_INTERVAL =
            ConfigOptions.key("bluegreen.gate.report-interval")
                    .durationType()
                    .defaultValue(Duration.ofMillis(200))
                    .withDescription(
                            "How often each gate subtask reads the channel and reports, in"
                                    + " processing time.");

    /**
     * During a keep window: records the keeper keeps per subtask before it stops keeping (a
     * hand-back then loses what it drops later). Default 1,000,000.
     */
    public static final ConfigOption<Integer> KEEP_MAX_RECORDS =
            ConfigOptions.key("bluegreen.gate.keep.max-records")
                    .intType()
                    .defaultValue(KeepLimits.DEFAULT_MAX_RECORDS)
                    .withDescription(
                            "Keep window: records the keeping colour keeps per subtask at most.");

    /**
     * During a keep window: serialized size of the kept records per subtask (measured at each
     * checkpoint) before the keeper stops keeping. Default 64 mb.
     */
    public static final ConfigOption<MemorySize> KEEP_MAX_BYTES =
            ConfigOptions.key("bluegreen.gate.keep.max-bytes")
                    .memoryType()
                    .defaultValue(new MemorySize(KeepLimits.DEFAULT_MAX_BYTES))
                    .withDescription(
                            "Keep window: serialized bytes of kept records per subtask at most.");

    /** During a keep window: how long (processing time) the keeper keeps at most. Default 1 h. */
    public static final ConfigOption<Duration> KEEP_MAX_AGE =
            ConfigOptions.key("bluegreen.gate.keep.max-age")
                    .durationType()
                    .defaultValue(Duration.ofMillis(KeepLimits.DEFAULT_MAX_AGE_MS))
                    .withDescription("Keep window: how long the keeping colour keeps at most.");
}
