package dev.bluegreen.gate.flink;

import dev.bluegreen.gate.internal.GateSettings;
import dev.bluegreen.gate.internal.KeepLimits;
import dev.bluegreen.gate.rule.Color;

import org.apache.flink.configuration.Configuration;

import java.io.Serializable;
import java.time.Duration;
import java.util.Optional;

/**
 * Options of one gate in a job. Every option left unset here is read from the job's Flink
 * configuration ({@link GateConfigOptions}) when the gate starts, so the usual case sets nothing in
 * code and lets the controller inject colour and channel. Immutable and serializable (it travels
 * with the job graph).
 *
 * @param <T> the record type
 */
public final class GateOptions<T> implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Default operator name and uid: {@value}. */
    public static final String DEFAULT_NAME = "BlueGreenGate";

    private final Color color;
    private final String channel;
    private final String channelType;
    private final Duration allowedLateness;
    private final Duration idleTimeout;
    private final Duration reportInterval;
    private final EventTimeExtractor<T> extractor;
    private final String name;
    private final KeepLimits keepLimits;

    private GateOptions(Builder<T> b) {
        this.color = b.color;
        this.channel = b.channel;
        this.channelType = b.channelType;
        this.allowedLateness = b.allowedLateness;
        this.idleTimeout = b.idleTimeout;
        this.reportInterval = b.reportInterval;
        this.extractor = b.extractor;
        this.name = b.name;
        this.keepLimits = b.keepLimits;
    }

    /** Options that take everything from the job configuration. */
    public static <T> GateOptions<T> fromConfiguration() {
        return new Builder<T>().build();
    }

    /** A builder; every option is unset (read from the configuration) by default. */
    public static <T> Builder<T> builder() {
        return new Builder<>();
    }

    /**
     * These options with every unset value taken from {@code configuration} or its default.
     *
     * @param configuration the job's configuration (TaskManager configuration overlaid with the
     *     job's)
     * @return options where only {@link #color()} and {@link #channel()} may be empty
     * @throws IllegalArgumentException naming the key when a configured value is invalid
     */
    public GateOptions<T> resolve(Configuration configuration) {
        Builder<T> b = new Builder<>();
        b.color = color != null ? color : configuredColor(configuration);
        b.channel = pick(channel, configuration, GateConfigOptions.CHANNEL);
        b.channelType = pick(channelType, configuration, GateConfigOptions.CHANNEL_TYPE);
        b.allowedLateness =
                pick(allowedLateness, configuration, GateConfigOptions.ALLOWED_LATENESS);
        b.idleTimeout = pick(idleTimeout, configuration, GateConfigOptions.IDLE_TIMEOUT);
        b.reportInterval = pick(reportInterval, configuration, GateConfigOptions.REPORT_INTERVAL);
        b.extractor = extractor;
        b.name = name;
        check(b);
        b.keepLimits = keepLimits(configuration);
        return b.build();
    }

    /** The keep window's bounds from the configuration; the error names the key. */
    private static KeepLimits keepLimits(Configuration configuration) {
        try {
            return KeepLimits.of(
                    configuration.get(GateConfigOptions.KEEP_MAX_RECORDS),
                    configuration.get(GateConfigOptions.KEEP_MAX_BYTES).getBytes(),
                    configuration.get(GateConfigOptions.KEEP_MAX_AGE).toMillis());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bluegreen.gate." + e.getMessage(), e);
        }
    }

    /** A positive report interval, and a channel whenever a colour is set. */
    private static void check(Builder<?> b) {
        if (b.reportInterval.isNegative() || b.reportInterval.isZero()) {
            throw new IllegalArgumentException(
                    GateConfigOptions.REPORT_INTERVAL.key()
                            + ": expected a positive duration, got "
                            + b.reportInterval);
        }
        if (b.color != null && (b.channel == null || b.channel.trim().isEmpty())) {
            throw new IllegalArgumentException(
                    GateConfigOptions.CHANNEL.key()
                            + ": required when "
                            + GateConfigOptions.COLOR.key()
                            + " is set");
        }
    }

    private static Color configuredColor(Configuration configuration) {
        String text = configuration.get(GateConfigOptions.COLOR);
        return text == null ? null : Color.parse(GateConfigOptions.COLOR.key(), text);
    }

    /** {@code set} when set in code, else the configured value or the option's default. */
    private static <V> V pick(
            V set,
            Configuration configuration,
            org.apache.flink.configuration.ConfigOption<V> option) {
        return set != null ? set : configuration.get(option);
    }

    /** The colour, empty for a pass-through gate. */
    public Optional<Color> color() {
        return Optional.ofNullable(color);
    }

    /** The channel name, empty when unset. */
    public Optional<String> channel() {
        return Optional.ofNullable(channel);
    }

    /** The channel type (after {@link #resolve}; null before when unset). */
    public String channelType() {
        return channelType;
    }

    /** The report interval (after {@link #resolve}). */
    public Duration reportInterval() {
        return reportInterval;
    }

    /** The extractor, empty to use the Flink record timestamp. */
    public Optional<EventTimeExtractor<T>> extractor() {
        return Optional.ofNullable(extractor);
    }

    /** Operator name and uid, default {@value #DEFAULT_NAME}. */
    public String name() {
        return name;
    }

    /** The pure rule's settings (after {@link #resolve}). */
    public GateSettings settings() {
        GateSettings settings = GateSettings.of(allowedLateness.toMillis(), idleTimeout.toMillis());
        return keepLimits == null ? settings : settings.withKeepLimits(keepLimits);
    }

    /**
     * Builder of {@link GateOptions}; not thread-safe.
     *
     * @param <T> the record type
     */
    public static final class Builder<T> {
        private Color color;
        private String channel;
        private String channelType;
        private Duration allowedLateness;
        private Duration idleTimeout;
        private Duration reportInterval;
        private EventTimeExtractor<T> extractor;
        private String name = DEFAULT_NAME;
        private KeepLimits keepLimits;

        private Builder() {}

        /** Sets the colour instead of {@code bluegreen.gate.color} (tests, local runs). */
        public Builder<T> color(Color value) {
            this.color = value;
            return this;
        }

        /** Sets the channel name instead of {@code bluegreen.gate.channel}. */
        public Builder<T> channel(String value) {
            this.channel = value;
            return this;
        }

        /** Sets the channel type instead of {@code bluegreen.gate.channel.type}. */
        public Builder<T> channelType(String value) {
            this.channelType = value;
            return this;
        }

        /** Sets the allowed lateness instead of {@code bluegreen.gate.allowed-lateness}. */
        public Builder<T> allowedLateness(Duration value) {
            this.allowedLateness = value;
            return this;
        }

        /** Sets the idle timeout instead of {@code bluegreen.gate.idle-timeout}. */
        public Builder<T> idleTimeout(Duration value) {
            this.idleTimeout = value;
            return this;
        }

        /** Sets the report interval instead of {@code bluegreen.gate.report-interval}. */
        public Builder<T> reportInterval(Duration value) {
            this.reportInterval = value;
            return this;
        }

        /** Reads event time with this extractor instead of the Flink record timestamp. */
        public Builder<T> extractor(EventTimeExtractor<T> value) {
            this.extractor = value;
            return this;
        }

        /** Sets the operator name and uid (default {@value GateOptions#DEFAULT_NAME}). */
        public Builder<T> name(String value) {
            this.name = value;
            return this;
        }

        /** The options. */
        public GateOptions<T> build() {
            return new GateOptions<>(this);
        }
    }
}
