package dev.bluegreen.demo.timeline;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ColorTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            nullValues = "none",
            value = {
                "child name, orders-blue, BLUE",
                "rest service, orders-green-rest, GREEN",
                "status value, GREEN, GREEN",
                "lower case value, blue, BLUE",
                "parent name, orders, none",
                "colour inside a word, blueprint-orders, none",
                "null, none, none"
            })
    void findsTheColourANameRefersTo(String caseName, String name, Color expected) {
        assertThat(Color.of(name)).isEqualTo(Optional.ofNullable(expected));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            nullValues = "none",
            value = {
                "blue, blue, BLUE",
                "green, green, GREEN",
                "any case, Green, GREEN",
                "a name with a suffix is not a label value, orders-blue, none",
                "other value, red, none",
                "null, none, none"
            })
    void readsOnlyExactColourLabelValues(String caseName, String value, Color expected) {
        assertThat(Color.ofLabel(value)).isEqualTo(Optional.ofNullable(expected));
    }
}
