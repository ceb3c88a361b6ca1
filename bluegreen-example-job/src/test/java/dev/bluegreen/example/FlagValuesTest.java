package dev.bluegreen.example;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FlagValuesTest {

    @Test
    void absentFlagGivesTheFallback() {
        assertThat(FlagValues.number(Map.of("other", "1"), "rate", 200)).isEqualTo(200);
    }

    @Test
    void valueIsReadIgnoringSurroundingWhitespace() {
        assertThat(FlagValues.number(Map.of("rate", " 50 "), "rate", 200)).isEqualTo(50);
    }

    @Test
    void nonIntegerValueIsRejectedNamingTheFlag() {
        assertThatThrownBy(() -> FlagValues.number(Map.of("rate", "5m"), "rate", 200))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--rate: expected an integer, got \"5m\"")
                .hasCauseInstanceOf(NumberFormatException.class);
    }
}
