package dev.bluegreen.standin;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StandInSettingsTest {

    @Test
    void defaultsAreATempDirectoryNoMappingsAnd200Ms() {
        var settings = StandInSettings.builder().build();

        assertThat(Files.isDirectory(settings.workDir())).isTrue();
        assertThat(settings.uriMappings()).isEmpty();
        assertThat(settings.pollInterval()).isEqualTo(Duration.ofMillis(200));
    }

    @Test
    void keepsMappingsInOrder() {
        var settings =
                StandInSettings.builder()
                        .workDir(Path.of("w"))
                        .mapLocalUri("local:///b/", Path.of("b"))
                        .mapLocalUri("local:///a/", Path.of("a"))
                        .build();

        assertThat(settings.uriMappings())
                .containsExactly(
                        java.util.Map.entry("local:///b/", Path.of("b")),
                        java.util.Map.entry("local:///a/", Path.of("a")));
        assertThat(settings.workDir()).isEqualTo(Path.of("w"));
    }

    @Test
    void rejectsBadValues() {
        assertThatThrownBy(() -> StandInSettings.builder().pollInterval(Duration.ZERO))
                .hasMessage("pollInterval: expected a positive duration, got PT0S");
        assertThatThrownBy(() -> StandInSettings.builder().mapLocalUri(" ", Path.of("x")))
                .hasMessage("mapLocalUri: prefix must not be blank");
        assertThatThrownBy(() -> StandInSettings.builder().defaultFlinkConfiguration(" ", "v"))
                .hasMessageStartingWith("defaultFlinkConfiguration: expected a key and a value");
        assertThatThrownBy(() -> StandInSettings.builder().defaultFlinkConfiguration("k", null))
                .hasMessageStartingWith("defaultFlinkConfiguration: expected a key and a value");
    }

    @Test
    void keepsTheDefaultFlinkConfigurationInOrder() {
        var settings =
                StandInSettings.builder()
                        .defaultFlinkConfiguration("b", "1")
                        .defaultFlinkConfiguration("a", "2")
                        .build();

        assertThat(settings.defaultFlinkConfiguration())
                .containsExactly(java.util.Map.entry("b", "1"), java.util.Map.entry("a", "2"));
    }
}
