package dev.bluegreen.operator.standalone;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code --extensions-dir}, its variable and its listener key. */
class ExtensionsDirOptionTest {
    static final Path NO_POD = ControllerOptionsTest.NO_POD;

    @TempDir Path dir;

    @Test
    void noFolderByDefault() {
        var options = parse(List.of(), Map.of());

        assertThat(options.extensionsDir()).isEmpty();
    }

    @Test
    void theFlagWinsOverTheVariable() {
        Path other = dir.resolve("..");
        var fromFlag =
                parse(
                        List.of("--extensions-dir", dir.toString()),
                        Map.of("BLUEGREEN_EXTENSIONS_DIR", other.toString()));
        var fromVariable = parse(List.of(), Map.of("BLUEGREEN_EXTENSIONS_DIR", dir.toString()));

        assertThat(fromFlag.extensionsDir()).contains(dir);
        assertThat(fromVariable.extensionsDir()).contains(dir);
    }

    @Test
    void aBlankValueNamesWhereItCameFrom() {
        assertThatThrownBy(() -> parse(List.of(), Map.of("BLUEGREEN_EXTENSIONS_DIR", " ")))
                .isInstanceOf(BadOptionException.class)
                .hasMessageStartingWith("BLUEGREEN_EXTENSIONS_DIR: expected a directory");
        assertThatThrownBy(
                        () ->
                                ControllerOptions.fromListenerConfig(
                                        Map.of("leader-election", "false", "extensions-dir", ""),
                                        Map.of(),
                                        NO_POD,
                                        () -> "host"))
                .isInstanceOf(BadOptionException.class)
                .hasMessageStartingWith("listener option extensions-dir: expected a directory");
    }

    @Test
    void aMissingFolderIsReportedWhereItIsReadNotWhenParsed() {
        Path missing = dir.resolve("missing");

        var options = parse(List.of("--extensions-dir", missing.toString()), Map.of());

        assertThat(options.extensionsDir()).contains(missing);
        assertThatThrownBy(
                        () ->
                                ExtensionFolder.load(
                                        options.extensionsDir(),
                                        getClass().getClassLoader(),
                                        "--extensions-dir"))
                .isInstanceOf(BadOptionException.class)
                .hasMessageStartingWith("--extensions-dir: no such directory: " + missing);
    }

    @Test
    void usageNamesTheFlagAndItsVariable() {
        assertThat(ControllerOptions.usage())
                .contains("--extensions-dir DIR")
                .contains("BLUEGREEN_EXTENSIONS_DIR");
    }

    private static ControllerOptions parse(List<String> args, Map<String, String> env) {
        var all = new java.util.ArrayList<>(args);
        all.addAll(List.of("--leader-election", "false"));
        return ControllerOptions.parse(all, env, NO_POD, () -> "host");
    }
}
