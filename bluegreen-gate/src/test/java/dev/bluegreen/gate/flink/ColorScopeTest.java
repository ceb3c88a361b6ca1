package dev.bluegreen.gate.flink;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Per-colour names from the job configuration. */
class ColorScopeTest {

    private static Configuration configuration(String... keysAndValues) {
        Configuration configuration = new Configuration();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            configuration.setString(keysAndValues[i], keysAndValues[i + 1]);
        }
        return configuration;
    }

    static Stream<Arguments> configurations() {
        return Stream.of(
                Arguments.of("no colour", configuration(), null, "kafka-sink"),
                Arguments.of(
                        "bluegreen.color",
                        configuration("bluegreen.color", "GREEN"),
                        "green",
                        "kafka-sink-green"),
                Arguments.of(
                        "bluegreen.gate.color as fallback",
                        configuration("bluegreen.gate.color", "BLUE"),
                        "blue",
                        "kafka-sink-blue"),
                Arguments.of(
                        "bluegreen.color wins over the gate's key",
                        configuration("bluegreen.color", "blue", "bluegreen.gate.color", "GREEN"),
                        "blue",
                        "kafka-sink-blue"),
                Arguments.of(
                        "case and blanks ignored",
                        configuration("bluegreen.color", " Green "),
                        "green",
                        "kafka-sink-green"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configurations")
    void readsTheColourFromTheConfiguration(
            String name, Configuration config, String color, String scoped) {
        // Given a job configuration / When the scope is read
        ColorScope scope = ColorScope.of(config);

        // Then colour and scoped name follow the keys
        assertThat(scope.color().orElse(null)).isEqualTo(color);
        assertThat(scope.scoped("kafka-sink")).isEqualTo(scoped);
    }

    @Test
    void readsTheEnvironmentsConfiguration() {
        // Given an environment created with a colour in its configuration
        var env =
                StreamExecutionEnvironment.getExecutionEnvironment(
                        configuration("bluegreen.color", "BLUE"));

        // When / Then
        assertThat(ColorScope.of(env)).isEqualTo(ColorScope.fixed("blue"));
    }

    @Test
    void fixedScopeWithoutAColourKeepsNames() {
        assertThat(ColorScope.fixed(null).color()).isEmpty();
        assertThat(ColorScope.fixed(null).scoped("orders")).isEqualTo("orders");
        assertThat(ColorScope.fixed("GREEN").scoped("orders")).isEqualTo("orders-green");
    }

    @Test
    void unknownColourNamesTheKey() {
        assertThatThrownBy(() -> ColorScope.of(configuration("bluegreen.color", "red")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bluegreen.color: expected BLUE or GREEN, got \"red\"");
        assertThatThrownBy(() -> ColorScope.of(configuration("bluegreen.gate.color", "")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("bluegreen.gate.color: expected BLUE or GREEN");
        assertThatThrownBy(() -> ColorScope.fixed("purple"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("color: expected BLUE or GREEN");
    }

    @Test
    void blankBaseNameIsRejected() {
        assertThatThrownBy(() -> ColorScope.fixed("blue").scoped(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("base: expected a non-blank name");
    }
}
