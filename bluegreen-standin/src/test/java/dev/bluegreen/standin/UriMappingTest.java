package dev.bluegreen.standin;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UriMappingTest {
    @TempDir Path tmp;
    Path usrlib;
    Path special;

    @BeforeEach
    void jars() throws IOException {
        usrlib = Files.createDirectories(tmp.resolve("usrlib"));
        special = Files.createDirectories(tmp.resolve("special"));
        Files.writeString(usrlib.resolve("job.jar"), "jar");
        Files.writeString(special.resolve("job.jar"), "jar");
    }

    @Test
    void mapsAPrefixToItsDirectory() {
        var mapping = new UriMapping(Map.of("local:///opt/flink/usrlib/", usrlib));

        assertThat(mapping.map("local:///opt/flink/usrlib/job.jar"))
                .isEqualTo(usrlib.resolve("job.jar").toAbsolutePath());
    }

    @Test
    void longestPrefixWins() {
        var mapping =
                new UriMapping(
                        Map.of(
                                "local:///opt/", usrlib,
                                "local:///opt/special/", special));

        assertThat(mapping.map("local:///opt/special/job.jar"))
                .isEqualTo(special.resolve("job.jar").toAbsolutePath());
    }

    @Test
    void fileUrisNeedNoMapping() {
        var mapping = new UriMapping(Map.of());

        assertThat(mapping.map(usrlib.resolve("job.jar").toUri().toString()))
                .isEqualTo(usrlib.resolve("job.jar"));
    }

    @Test
    void unmappedUriNamesTheFieldAndTheMappings() {
        var mapping = new UriMapping(Map.of("local:///opt/flink/usrlib/", usrlib));

        assertThatThrownBy(() -> mapping.map("s3://bucket/job.jar"))
                .isInstanceOf(SpecException.class)
                .hasMessage(
                        "spec.job.jarURI: no local mapping for \"s3://bucket/job.jar\"; mapped"
                                + " prefixes: [local:///opt/flink/usrlib/]"
                                + " (StandInSettings.Builder#mapLocalUri)");
    }

    @Test
    void missingJarIsReported() {
        var mapping = new UriMapping(Map.of("local:///opt/flink/usrlib/", usrlib));

        assertThatThrownBy(() -> mapping.map("local:///opt/flink/usrlib/other.jar"))
                .isInstanceOf(SpecException.class)
                .hasMessageStartingWith("spec.job.jarURI: \"local:///opt/flink/usrlib/other.jar\"")
                .hasMessageEndingWith("which does not exist");
    }

    @Test
    void uriCannotLeaveTheMappedDirectory() {
        var mapping = new UriMapping(Map.of("local:///opt/flink/usrlib/", usrlib));

        assertThatThrownBy(() -> mapping.map("local:///opt/flink/usrlib/../special/job.jar"))
                .isInstanceOf(SpecException.class)
                .hasMessageContaining("leaves the mapped directory");
    }
}
