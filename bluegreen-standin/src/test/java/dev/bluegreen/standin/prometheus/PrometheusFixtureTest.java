package dev.bluegreen.standin.prometheus;

import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PrometheusFixtureTest {
    private static final Path BINARY = Path.of("/usr/bin/prometheus");

    @Test
    void presentBinaryIsUsedInCiAndLocally() {
        assertThat(PrometheusFixture.binaryOrSkip(Optional.of(BINARY), Map.of("CI", "true")))
                .isEqualTo(BINARY);
        assertThat(PrometheusFixture.binaryOrSkip(Optional.of(BINARY), Map.of())).isEqualTo(BINARY);
    }

    @Test
    void missingBinaryFailsInCi() {
        assertThatThrownBy(
                        () ->
                                PrometheusFixture.binaryOrSkip(
                                        Optional.empty(), Map.of("CI", "true")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("never skip in CI")
                .hasMessageContaining("install Debian package prometheus");
    }

    @Test
    void missingBinarySkipsLocallyWithTheInstallHint() {
        assertThatThrownBy(() -> PrometheusFixture.binaryOrSkip(Optional.empty(), Map.of()))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("install Debian package prometheus");
        assertThatThrownBy(
                        () ->
                                PrometheusFixture.binaryOrSkip(
                                        Optional.empty(), Map.of("CI", "false")))
                .isInstanceOf(TestAbortedException.class);
    }
}
