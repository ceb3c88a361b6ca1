package dev.bluegreen.gate.table.bench;

import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class MeanCiTest {
    @Test
    void givesTheMeanAndStudentsIntervalForFiveSamples() {
        // mean 3, sample sd sqrt(2.5), t(0.975, 4) = 2.776: 2.776 * 1.5811 / sqrt(5)
        MeanCi ci = MeanCi.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0));
        assertThat(ci.mean()).isEqualTo(3.0);
        assertThat(ci.halfWidth()).isCloseTo(1.963, within(0.001));
        assertThat(ci.n()).isEqualTo(5);
        assertThat(ci.text(1)).isEqualTo("3.0 ± 2.0");
    }

    @Test
    void usesTheNormalQuantileBeyondThirtyDegreesOfFreedom() {
        List<Double> samples = new java.util.ArrayList<>(Collections.nCopies(20, 0.0));
        samples.addAll(Collections.nCopies(20, 2.0));
        // mean 1, sample sd sqrt(40 / 39)
        assertThat(MeanCi.of(samples).halfWidth())
                .isCloseTo(1.96 * Math.sqrt(40.0 / 39) / Math.sqrt(40), within(1e-9));
    }

    @Test
    void refusesFewerThanTwoSamples() {
        assertThatThrownBy(() -> MeanCi.of(List.of(1.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("samples: expected at least 2, got 1");
    }
}
