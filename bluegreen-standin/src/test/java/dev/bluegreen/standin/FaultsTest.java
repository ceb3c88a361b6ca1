package dev.bluegreen.standin;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FaultsTest {
    private final Faults faults = new Faults();

    @Test
    void faultsAccumulatePerDeployment() {
        faults.failAfterRecords("ns", "a", 10);
        faults.failSavepoints("ns", "a");
        faults.delayStart("ns", "a", Duration.ofSeconds(3));

        faults.killTaskManagerWhenFile("ns", "a", Path.of("/tmp/kill-a"));

        assertThat(faults.of("ns", "a"))
                .isEqualTo(
                        new FaultSettings(
                                OptionalLong.of(10),
                                true,
                                Duration.ofSeconds(3),
                                Optional.of(Path.of("/tmp/kill-a"))));
        assertThat(faults.of("ns", "b")).isEqualTo(FaultSettings.NONE);
        assertThat(faults.of("other", "a")).isEqualTo(FaultSettings.NONE);
    }

    @Test
    void clearRemovesEveryFault() {
        faults.failSavepoints("ns", "a");

        faults.clear("ns", "a");

        assertThat(faults.of("ns", "a")).isEqualTo(FaultSettings.NONE);
    }

    @Test
    void annotationFaultsWinAndApiFaultsFillTheRest() {
        var annotated = FaultSettings.NONE.withFailAfterRecords(5);
        var api = FaultSettings.NONE.withFailAfterRecords(99).withStartDelay(Duration.ofSeconds(1));

        assertThat(annotated.orElse(api))
                .isEqualTo(
                        new FaultSettings(
                                OptionalLong.of(5),
                                false,
                                Duration.ofSeconds(1),
                                Optional.empty()));
        var kill = FaultSettings.NONE.withKillTaskManagerWhenFile(Path.of("/tmp/k"));
        assertThat(FaultSettings.NONE.orElse(kill).killTaskManagerWhenFile())
                .contains(Path.of("/tmp/k"));
    }

    @Test
    void badArgumentsAreRejected() {
        assertThatThrownBy(() -> faults.failAfterRecords("ns", "a", 0))
                .hasMessage("failAfterRecords: expected a positive number, got 0");
        assertThatThrownBy(() -> faults.delayStart("ns", "a", Duration.ofSeconds(-1)))
                .hasMessage("delayStart: expected a duration >= 0, got PT-1S");
        assertThatThrownBy(() -> faults.killTaskManagerWhenFile("ns", "a", Path.of("kill")))
                .hasMessage("killTaskManagerWhenFile: expected an absolute path, got kill");
    }
}
