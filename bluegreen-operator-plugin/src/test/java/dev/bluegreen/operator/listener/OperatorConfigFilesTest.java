package dev.bluegreen.operator.listener;

import dev.bluegreen.operator.standalone.BadOptionException;

import org.apache.flink.configuration.GlobalConfiguration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The operator's watched-namespaces settings read from its configuration directory with Flink's
 * {@code GlobalConfiguration}, as the operator reads them.
 */
class OperatorConfigFilesTest {
    static final String KEY = "kubernetes.operator.watched.namespaces";

    @TempDir Path dir;

    /** GlobalConfiguration remembers the kind of the last file it read, JVM-wide: restored. */
    boolean standardYaml;

    @BeforeEach
    void rememberTheYamlKind() {
        standardYaml = GlobalConfiguration.isStandardYaml();
    }

    @AfterEach
    void restoreTheYamlKind() {
        GlobalConfiguration.setStandardYaml(standardYaml);
    }

    @Test
    void readsTheOptionFromTheHelmChartsFlinkConfYaml() throws IOException {
        Path conf = write("conf", "flink-conf.yaml", KEY + ": team-a,team-b\n");

        var settings = OperatorConfigFiles.read(Map.of("FLINK_CONF_DIR", conf.toString()));

        assertThat(settings.option()).hasValue("team-a,team-b");
        assertThat(settings.env()).isEmpty();
    }

    @Test
    void readsTheOptionFromAStandardConfigYaml() throws IOException {
        Path conf =
                write(
                        "conf",
                        "config.yaml",
                        "kubernetes:\n  operator:\n    watched:\n      namespaces: team-c\n");

        var settings = OperatorConfigFiles.read(Map.of("FLINK_CONF_DIR", conf.toString()));

        assertThat(settings.option()).hasValue("team-c");
    }

    @Test
    void theOverrideDirectoryWinsAsItDoesForTheOperator() throws IOException {
        Path conf = write("conf", "flink-conf.yaml", KEY + ": team-a\n");
        Path override = write("override", "flink-conf.yaml", KEY + ": team-z\n");

        var settings =
                OperatorConfigFiles.read(
                        Map.of(
                                "FLINK_CONF_DIR",
                                conf.toString(),
                                "CONF_OVERRIDE_DIR",
                                override.toString()));

        assertThat(settings.option()).hasValue("team-z");
    }

    @Test
    void passesTheOperatorsEnvironmentVariableOn() throws IOException {
        Path conf = write("conf", "flink-conf.yaml", "parallelism.default: 1\n");

        var settings =
                OperatorConfigFiles.read(
                        Map.of("FLINK_CONF_DIR", conf.toString(), "WATCH_NAMESPACES", "ops"));

        assertThat(settings.env()).hasValue("ops");
        assertThat(settings.option()).isEmpty();
    }

    @Test
    void findsNothingOutsideAnOperator() {
        var settings = OperatorConfigFiles.read(Map.of());

        assertThat(settings.env()).isEmpty();
        assertThat(settings.option()).isEmpty();
    }

    @Test
    void refusesADirectoryWithoutAConfigurationFileNamingTheVariable() {
        Path missing = dir.resolve("nowhere");

        assertThatThrownBy(
                        () ->
                                OperatorConfigFiles.read(
                                        Map.of("FLINK_CONF_DIR", missing.toString())))
                .isInstanceOf(BadOptionException.class)
                .hasMessageStartingWith("operator environment variable FLINK_CONF_DIR: ")
                .hasMessageContaining(missing.toString());
    }

    private Path write(String folder, String file, String content) throws IOException {
        Path conf = Files.createDirectories(dir.resolve(folder));
        Files.writeString(conf.resolve(file), content);
        return conf;
    }
}
