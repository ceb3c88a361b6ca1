package dev.bluegreen.standin.flink;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

/**
 * A job whose main method names its source after {@code bluegreen.color} as read from {@code
 * getExecutionEnvironment().getConfiguration()}, so a test can see what the program saw.
 */
public final class ConfigurationProbeJob {
    static final ConfigOption<String> COLOR =
            ConfigOptions.key("bluegreen.color").stringType().defaultValue("none");

    private ConfigurationProbeJob() {}

    /** Builds and executes the probe pipeline. */
    public static void main(String[] args) throws Exception {
        var env = StreamExecutionEnvironment.getExecutionEnvironment();
        String color = env.getConfiguration().get(COLOR);
        env.fromSequence(1, 1).name("probe color=" + color).sinkTo(new DiscardingSink<>());
        env.execute("probe");
    }
}
