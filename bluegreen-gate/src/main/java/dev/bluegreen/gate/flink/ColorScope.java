package dev.bluegreen.gate.flink;

import dev.bluegreen.gate.rule.Color;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.io.Serializable;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The colour of a job as seen by its own code, for names that must differ between the blue and the
 * green run of the same job: a sink's uid, a Kafka transactional-id prefix, a consumer group id.
 * The controller writes {@code bluegreen.color: BLUE|GREEN} into each child's {@code
 * flinkConfiguration} in both modes; in ADVANCED mode the gate's own {@code bluegreen.gate.color}
 * is there too and serves as the fallback.
 *
 * <pre>{@code
 * ColorScope scope = ColorScope.of(env);
 * stream.sinkTo(kafkaSink).uid(scope.scoped("kafka-sink"));   // "kafka-sink-green"
 * }</pre>
 *
 * <p>Without a colour (a job run outside blue/green) every name stays as given. Immutable,
 * serializable and thread-safe.
 */
public final class ColorScope implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * This job's colour, written by the controller in both modes: {@code BLUE} or {@code GREEN}.
     */
    public static final ConfigOption<String> COLOR =
            ConfigOptions.key("bluegreen.color")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Colour of this job (BLUE or GREEN) for per-colour names such as a"
                                    + " sink uid or a transactional-id prefix.");

    private static final ColorScope NONE = new ColorScope(null);

    /** Lower-case colour name, or null for none. */
    private final String color;

    private ColorScope(String color) {
        this.color = color;
    }

    /**
     * The scope of a job configuration: the colour from {@code bluegreen.color}, else from {@code
     * bluegreen.gate.color}, else none. Case and surrounding blanks are ignored.
     *
     * @param config the job's configuration
     * @return the scope
     * @throws IllegalArgumentException naming the key when its value is not BLUE or GREEN
     * @throws NullPointerException when {@code config} is null
     */
    public static ColorScope of(ReadableConfig config) {
        Objects.requireNonNull(config, "config");
        Optional<String> own = config.getOptional(COLOR);
        if (own.isPresent()) {
            return parsed(COLOR.key(), own.get());
        }
        Optional<String> gate = config.getOptional(GateConfigOptions.COLOR);
        if (gate.isPresent()) {
            return parsed(GateConfigOptions.COLOR.key(), gate.get());
        }
        return NONE;
    }

    /**
     * The scope of the environment's configuration, {@code of(env.getConfiguration())}: in
     * application mode (and in the stand-in) that holds the deployment's {@code
     * flinkConfiguration}.
     *
     * @param env the job's environment
     * @return the scope
     * @throws IllegalArgumentException naming the key when its value is not BLUE or GREEN
     */
    public static ColorScope of(StreamExecutionEnvironment env) {
        return of(env.getConfiguration());
    }

    /**
     * A scope with a colour given in code (tests, local runs).
     *
     * @param colorOrNull {@code blue} or {@code green} in any case, or null for none
     * @return the scope
     * @throws IllegalArgumentException when the text is not a colour
     */
    public static ColorScope fixed(String colorOrNull) {
        return colorOrNull == null ? NONE : parsed("color", colorOrNull);
    }

    private static ColorScope parsed(String key, String text) {
        return new ColorScope(Color.parse(key, text).name().toLowerCase(Locale.ROOT));
    }

    /**
     * The colour in lower case.
     *
     * @return {@code blue} or {@code green}, empty for none
     */
    public Optional<String> color() {
        return Optional.ofNullable(color);
    }

    /**
     * A name of this colour.
     *
     * @param base the name shared by both colours, e.g. {@code kafka-sink}
     * @return {@code base + "-" + color}, or {@code base} without a colour
     * @throws IllegalArgumentException when {@code base} is null or blank
     */
    public String scoped(String base) {
        if (base == null || base.trim().isEmpty()) {
            throw new IllegalArgumentException("base: expected a non-blank name, got " + base);
        }
        return color == null ? base : base + "-" + color;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ColorScope && Objects.equals(((ColorScope) other).color, color);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(color);
    }

    @Override
    public String toString() {
        return "ColorScope[" + (color == null ? "none" : color) + "]";
    }
}
