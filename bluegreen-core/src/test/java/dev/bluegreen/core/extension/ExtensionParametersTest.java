package dev.bluegreen.core.extension;

import dev.bluegreen.core.extension.ExtensionParameters.InvalidParameterException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The options a resource gives its extension, and their typed getters with good and bad values. */
class ExtensionParametersTest {
    private static final String PREFIX = "kubernetes.operator.bluegreen.extension.";

    private static ExtensionParameters one(String key, String value) {
        return ExtensionParameters.of(Map.of(key, value));
    }

    @Test
    void fromConfigurationKeepsOnlyTheKeysUnderThePrefixWithoutIt() {
        var parameters =
                ExtensionParameters.fromConfiguration(
                        Map.of(
                                PREFIX + "max-restarts",
                                "2",
                                PREFIX,
                                "no key",
                                "kubernetes.operator.bluegreen.extension",
                                "mine",
                                "kubernetes.operator.bluegreen.readiness.soak",
                                "30 s",
                                "taskmanager.numberOfTaskSlots",
                                "2"));

        assertThat(parameters.asMap()).containsExactly(Map.entry("max-restarts", "2"));
        assertThat(parameters).isEqualTo(one("max-restarts", "2"));
        assertThat(parameters).hasSameHashCodeAs(one("max-restarts", "2"));
        assertThat(parameters.toString()).isEqualTo("{max-restarts=2}");
        assertThat(ExtensionParameters.none().asMap()).isEmpty();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "kubernetes.operator.bluegreen.extension.min-uptime, true",
        "kubernetes.operator.bluegreen.extension.a, true",
        "kubernetes.operator.bluegreen.extension., false",
        "kubernetes.operator.bluegreen.extension, false",
        "kubernetes.operator.bluegreen.readiness.soak, false",
        "extension.min-uptime, false",
    })
    void aParameterKeyIsThePrefixAndANonEmptyRest(String key, boolean parameter) {
        assertThat(ExtensionParameters.isParameterKey(key)).isEqualTo(parameter);
    }

    @Test
    void getReturnsTheGivenTextOrTheFallback() {
        var parameters = one("name", "orders");

        assertThat(parameters.get("name")).contains("orders");
        assertThat(parameters.get("other")).isEmpty();
        assertThat(parameters.get("other", "x")).isEqualTo("x");
        assertThat(parameters.get("name", "x")).isEqualTo("orders");
        assertThatThrownBy(() -> parameters.get(null)).hasMessageContaining("key");
    }

    @ParameterizedTest(name = "{0} = {1} ms")
    @CsvSource({
        "500, 500",
        "500 ms, 500",
        "30 s, 30000",
        "10 min, 600000",
        "2 h, 7200000",
        "1 d, 86400000",
        "PT10M, 600000",
        " 7s , 7000",
    })
    void durationAcceptsFlinksSyntaxAndIso(String text, long millis) {
        assertThat(one("window", text).duration("window", Duration.ZERO))
                .isEqualTo(Duration.ofMillis(millis));
    }

    @ParameterizedTest(name = "\"{0}\" is rejected")
    @ValueSource(strings = {"ten minutes", "-5 s", "PT-10M", "", "5 weeks"})
    void durationRejectsAnythingElseNamingTheFullKey(String text) {
        var parameters = one("window", text);

        assertThatThrownBy(() -> parameters.duration("window", Duration.ZERO))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining(PREFIX + "window")
                .satisfies(
                        e ->
                                assertThat(((InvalidParameterException) e).key())
                                        .isEqualTo(PREFIX + "window"));
    }

    @Test
    void absentValuesGiveTheFallbacks() {
        var none = ExtensionParameters.none();

        assertThat(none.duration("w", Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(3));
        assertThat(none.number("n", 0.05)).isEqualTo(0.05);
        assertThat(none.flag("f", true)).isTrue();
    }

    @Test
    void numberAcceptsFiniteDecimalsOnly() {
        assertThat(one("tolerance", " 0.05 ").number("tolerance", 1)).isEqualTo(0.05);
        assertThat(one("tolerance", "-3").number("tolerance", 1)).isEqualTo(-3);
        for (String bad : new String[] {"five", "NaN", "Infinity", "1e999"}) {
            assertThatThrownBy(() -> one("tolerance", bad).number("tolerance", 1))
                    .isInstanceOf(InvalidParameterException.class)
                    .hasMessageContaining(PREFIX + "tolerance")
                    .hasMessageContaining("finite number");
        }
    }

    @Test
    void flagAcceptsTrueAndFalseOnly() {
        assertThat(one("strict", "true").flag("strict", false)).isTrue();
        assertThat(one("strict", " false ").flag("strict", true)).isFalse();
        for (String bad : new String[] {"yes", "TRUE", "1"}) {
            assertThatThrownBy(() -> one("strict", bad).flag("strict", false))
                    .isInstanceOf(InvalidParameterException.class)
                    .hasMessageContaining(PREFIX + "strict")
                    .hasMessageContaining("not true or false");
        }
    }
}
