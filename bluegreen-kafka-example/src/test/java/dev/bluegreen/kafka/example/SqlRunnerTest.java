package dev.bluegreen.kafka.example;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqlRunnerTest {
    @TempDir Path tmp;

    @Test
    void readsNameValuePairs() {
        assertThat(
                        SqlRunner.arguments(
                                new String[] {"--statements", "SELECT 1", "--version", "v2"}))
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("statements", "SELECT 1", "version", "v2"));
    }

    @Test
    void refusesAnArgumentWithoutItsValue() {
        assertThatThrownBy(() -> SqlRunner.arguments(new String[] {"--script"}))
                .hasMessage("--script: expected a value after it");
        assertThatThrownBy(() -> SqlRunner.arguments(new String[] {"script", "x"}))
                .hasMessage("script: expected --name value");
    }

    @Test
    void readsTheScriptFromAFileOrTheArguments() throws Exception {
        Path file = Files.writeString(tmp.resolve("job.sql"), "INSERT INTO t SELECT 1;");
        assertThat(SqlRunner.script(Map.of("script", file.toString())))
                .isEqualTo("INSERT INTO t SELECT 1;");
        assertThat(SqlRunner.script(Map.of("statements", "SELECT 2"))).isEqualTo("SELECT 2");
    }

    @Test
    void refusesNeitherOrBothScriptSources() {
        assertThatThrownBy(() -> SqlRunner.script(Map.of()))
                .hasMessageContaining("exactly one of --script FILE or --statements SQL");
        assertThatThrownBy(() -> SqlRunner.script(Map.of("script", "a", "statements", "b")))
                .hasMessageContaining("exactly one of --script FILE or --statements SQL");
        assertThatThrownBy(
                        () -> SqlRunner.script(Map.of("script", tmp.resolve("no.sql").toString())))
                .hasMessageContaining("--script: cannot read");
    }
}
