package dev.bluegreen.standin;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FaultAnnotationsTest {

    @Test
    void noAnnotationsMeanNoFaults() {
        assertThat(FaultAnnotations.parse(null)).isEqualTo(FaultSettings.NONE);
        assertThat(FaultAnnotations.parse(Map.of("other", "x"))).isEqualTo(FaultSettings.NONE);
    }

    @Test
    void readsAllFourFaults() {
        var faults =
                FaultAnnotations.parse(
                        Map.of(
                                Faults.FAIL_AFTER_RECORDS, "500",
                                Faults.FAIL_SAVEPOINTS, "true",
                                Faults.START_DELAY, "20s",
                                Faults.KILL_TASK_MANAGER_WHEN_FILE, " /tmp/kill-green "));

        assertThat(faults)
                .isEqualTo(
                        new FaultSettings(
                                OptionalLong.of(500),
                                true,
                                Duration.ofSeconds(20),
                                Optional.of(Path.of("/tmp/kill-green"))));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "milliseconds, 500ms, PT0.5S",
        "seconds, 20s, PT20S",
        "minutes, 2m, PT2M",
        "hours, 1h, PT1H",
        "ISO-8601, PT3S, PT3S",
        "spaces and case, 7 S, PT7S",
    })
    void readsDurations(String name, String value, String expected) {
        assertThat(FaultAnnotations.duration(Faults.START_DELAY, value))
                .isEqualTo(Duration.parse(expected));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "records not a number | standin.bluegreen.dev/fail-after-records | many | a positive"
                        + " integer",
                "records zero | standin.bluegreen.dev/fail-after-records | 0 | a positive integer",
                "savepoints not a boolean | standin.bluegreen.dev/fail-savepoints | yes | \"true\" or"
                        + " \"false\"",
                "delay without unit | standin.bluegreen.dev/start-delay | 20 | a duration",
                "negative ISO delay | standin.bluegreen.dev/start-delay | PT-3S | a duration",
                "kill file relative | standin.bluegreen.dev/kill-task-manager-when-file |"
                        + " kill-green | an absolute file path",
                "kill file blank | standin.bluegreen.dev/kill-task-manager-when-file | '  ' |"
                        + " an absolute file path",
            })
    void badValuesNameTheAnnotation(String name, String key, String value, String expected) {
        assertThatThrownBy(() -> FaultAnnotations.parse(Map.of(key, value)))
                .isInstanceOf(SpecException.class)
                .hasMessageStartingWith(
                        "metadata.annotations[\"" + key + "\"]: expected " + expected)
                .hasMessageEndingWith("got \"" + value + "\"");
    }

    @Test
    void falseSavepointFlagIsNoFault() {
        assertThat(FaultAnnotations.parse(Map.of(Faults.FAIL_SAVEPOINTS, "false")))
                .isEqualTo(FaultSettings.NONE);
    }
}
