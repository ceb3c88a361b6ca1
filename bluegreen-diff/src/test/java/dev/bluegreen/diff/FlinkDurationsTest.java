package dev.bluegreen.diff;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The public Flink duration and memory size parser. */
class FlinkDurationsTest {

    @ParameterizedTest(name = "\"{0}\" = {1} ms")
    @CsvSource({
        "10 min, 600000",
        "30s, 30000",
        "' 2 hours ', 7200000",
        "1 d, 86400000",
        "250 ms, 250",
        "500, 500",
        "' 0 ', 0",
        "0 ms, 0",
        "1 MIN, 60000"
    })
    void parsesDurationsAsFlinkDoes(String text, long millis) {
        assertThat(FlinkDurations.parseDuration(text)).isEqualTo(Duration.ofMillis(millis));
    }

    @Test
    void parsesSubMillisecondUnits() {
        assertThat(FlinkDurations.parseDuration("7 ns")).isEqualTo(Duration.ofNanos(7));
        assertThat(FlinkDurations.parseDuration("3us")).isEqualTo(Duration.ofNanos(3000));
    }

    @ParameterizedTest(name = "rejects \"{0}\"")
    @CsvSource({
        "ten minutes",
        "''",
        "'   '",
        "-1 s",
        "-5",
        "1.5 s",
        "1 fortnight",
        "min",
        "99999999999999999999",
        "99999999999999999999 s",
        "1 s 2"
    })
    void rejectsTextThatIsNotADurationNamingTheText(String text) {
        assertThatThrownBy(() -> FlinkDurations.parseDuration(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot parse \"" + text + "\" as a duration");
    }

    @ParameterizedTest(name = "\"{0}\" = {1} bytes")
    @CsvSource({"2048m, 2147483648", "1 gb, 1073741824", "1K, 1024", "4096, 4096", "' 7 b ', 7"})
    void parsesMemorySizesAsFlinkDoes(String text, long bytes) {
        assertThat(FlinkDurations.parseMemorySize(text)).isEqualTo(bytes);
    }

    @ParameterizedTest(name = "rejects \"{0}\"")
    @CsvSource({"lots", "''", "1.5g", "1 pb", "-1", "99999999999999999999", "9999999999 t"})
    void rejectsTextThatIsNotAMemorySizeNamingTheText(String text) {
        assertThatThrownBy(() -> FlinkDurations.parseMemorySize(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot parse \"" + text + "\" as a memory size");
    }

    @Test
    void rejectsNullWithAMessage() {
        assertThatThrownBy(() -> FlinkDurations.parseDuration(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("text == null");
        assertThatThrownBy(() -> FlinkDurations.parseMemorySize(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("text == null");
    }
}
