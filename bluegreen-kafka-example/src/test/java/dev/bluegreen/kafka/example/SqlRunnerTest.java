package dev.bluegreen.kafka.example;

import org.apache.flink.configuration.Configuration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    @Test
    void coloursTheKafkaSourceGroupButNotTheSinkTable() {
        String script =
                SqlWindowJob.sourceDdl("kafka:9092", "orders-in", "orders-window")
                        + ";\n"
                        + SqlWindowJob.sinkDdl("kafka:9092", "orders-out", SqlWindowJob.Version.V1)
                        + ";\n"
                        + SqlWindowJob.insert(SqlWindowJob.Version.V1);
        Configuration blue = new Configuration();
        blue.setString("bluegreen.color", "BLUE");
        Configuration green = new Configuration();
        green.setString("bluegreen.gate.color", "GREEN");

        List<String> asBlue = SqlRunner.statements(Map.of("statements", script), blue);
        List<String> asGreen = SqlRunner.statements(Map.of("statements", script), green);
        List<String> uncoloured =
                SqlRunner.statements(Map.of("statements", script), new Configuration());

        assertThat(asBlue.get(0)).contains("'properties.group.id' = 'orders-window-blue'");
        assertThat(asGreen.get(0)).contains("'properties.group.id' = 'orders-window-green'");
        assertThat(uncoloured.get(0)).contains("'properties.group.id' = 'orders-window'");
        assertThat(asBlue.subList(1, 3)).isEqualTo(uncoloured.subList(1, 3));
        assertThat(asGreen.subList(1, 3)).isEqualTo(uncoloured.subList(1, 3));
    }

    @Test
    void refusesAColourThatIsNeitherBlueNorGreenNamingTheKey() {
        Configuration purple = new Configuration();
        purple.setString("bluegreen.color", "PURPLE");
        assertThatThrownBy(
                        () ->
                                SqlRunner.statements(
                                        Map.of("statements", SourceGroupsTest.KAFKA_SOURCE),
                                        purple))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bluegreen.color")
                .hasMessageContaining("PURPLE");
    }
}
