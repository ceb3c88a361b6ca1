package dev.bluegreen.gate.kafka;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;

import java.io.Serializable;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Options of a gated Kafka source: the job's colour, the control channel (type, name and the type's
 * options, as {@code bluegreen.gate.channel.*} for the event-time gate), the source's parallelism
 * (for the reports' "every subtask": a deserialization schema cannot see it), the report interval,
 * and how long a subtask waits at a proposed cut before it fails (its restart from the last
 * checkpoint is safe). Immutable and serializable.
 */
public final class GatedSourceOptions implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Color color;
    private final String channelType;
    private final String channel;
    private final HashMap<String, String> channelOptions;
    private final int parallelism;
    private final long reportIntervalMs;
    private final long holdTimeoutMs;

    private GatedSourceOptions(Builder b) {
        this.color = Objects.requireNonNull(b.color, "color");
        this.channel = Objects.requireNonNull(b.channel, "channel");
        this.channelType = b.channelType;
        this.channelOptions = new HashMap<>(b.channelOptions);
        if (b.parallelism < 1) {
            throw new IllegalArgumentException(
                    "parallelism: expected the source's parallelism >= 1, got " + b.parallelism);
        }
        this.parallelism = b.parallelism;
        this.reportIntervalMs = positive("reportInterval", b.reportInterval);
        this.holdTimeoutMs = positive("holdTimeout", b.holdTimeout);
    }

    private static long positive(String field, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(field + ": expected > 0, got " + value);
        }
        return value.toMillis();
    }

    /** A builder: channel type {@value InMemoryGateChannel#TYPE}, reports every second. */
    public static Builder builder() {
        return new Builder();
    }

    public Color color() {
        return color;
    }

    public String channelType() {
        return channelType;
    }

    public String channel() {
        return channel;
    }

    /** The channel type's options (e.g. the ConfigMap channel's), as strings. */
    public Map<String, String> channelOptions() {
        return new HashMap<>(channelOptions);
    }

    public int parallelism() {
        return parallelism;
    }

    public long reportIntervalMs() {
        return reportIntervalMs;
    }

    public long holdTimeoutMs() {
        return holdTimeoutMs;
    }

    /** Builder of {@link GatedSourceOptions}; not thread-safe. */
    public static final class Builder {
        private Color color;
        private String channelType = InMemoryGateChannel.TYPE;
        private String channel;
        private final Map<String, String> channelOptions = new HashMap<>();
        private int parallelism;
        private Duration reportInterval = Duration.ofSeconds(1);
        private Duration holdTimeout = Duration.ofMinutes(2);

        public Builder color(Color value) {
            this.color = value;
            return this;
        }

        public Builder channel(String type, String name) {
            this.channelType = Objects.requireNonNull(type, "channelType");
            this.channel = name;
            return this;
        }

        public Builder channelOption(String key, String value) {
            channelOptions.put(key, value);
            return this;
        }

        public Builder parallelism(int value) {
            this.parallelism = value;
            return this;
        }

        public Builder reportInterval(Duration value) {
            this.reportInterval = value;
            return this;
        }

        public Builder holdTimeout(Duration value) {
            this.holdTimeout = value;
            return this;
        }

        /**
         * The options.
         *
         * @throws IllegalArgumentException naming a missing or bad field
         */
        public GatedSourceOptions build() {
            if (color == null || channel == null || channel.trim().isEmpty()) {
                throw new IllegalArgumentException(
                        "color and channel: expected both, got " + color + " and " + channel);
            }
            return new GatedSourceOptions(this);
        }
    }
}
