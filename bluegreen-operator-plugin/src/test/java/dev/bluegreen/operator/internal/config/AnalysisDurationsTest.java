package dev.bluegreen.operator.internal.config;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The analysis durations: Flink's and Go's forms, and what is refused. */
class AnalysisDurationsTest {

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
        "30s, PT30S",
        "2m, PT2M",
        "1h, PT1H",
        "500ms, PT0.5S",
        "10 min, PT10M",
        "2 hours, PT2H",
        "1d, PT24H",
        "' 45s ', PT45S",
        "1h30m, PT1H30M",
        "2m30s, PT2M30S",
        "1m500ms, PT1M0.5S",
        "250us, PT0.00025S",
        "0, PT0S",
        "0s, PT0S",
    })
    void parsesFlinkAndGoForms(String text, String expected) {
        assertThat(AnalysisDurations.parse(text)).isEqualTo(Duration.parse(expected));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(
            strings = {
                "",
                " ",
                "30",
                "-1s",
                "1.5h",
                "soon",
                "30 parsecs",
                "1h 30m",
                "s",
                "99999999999999999999h"
            })
    void refusesTextThatIsNoDurationNamingIt(String text) {
        assertThatThrownBy(() -> AnalysisDurations.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot parse \"" + text + "\" as a duration");
    }
}
