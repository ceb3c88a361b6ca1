package dev.bluegreen.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DeploymentSpecTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode spec(String json) throws Exception {
        return JSON.readTree(json.replace('\'', '"'));
    }

    @Test
    void defaultsFollowUpstream() throws Exception {
        var parsed =
                DeploymentSpec.parse(
                        spec("{'job': {'jarURI': 'local:///j.jar', 'entryClass': 'E'}}"));

        assertThat(parsed)
                .isEqualTo(
                        new DeploymentSpec(
                                "local:///j.jar",
                                "E",
                                List.of(),
                                1,
                                true,
                                "stateless",
                                null,
                                false,
                                Map.of()));
        assertThat(parsed.stateful()).isFalse();
    }

    @Test
    void readsEveryField() throws Exception {
        var parsed =
                DeploymentSpec.parse(
                        spec(
                                "{'flinkConfiguration': {'a': 'b', 'n': 3},"
                                        + " 'job': {'jarURI': 'u', 'entryClass': 'E', 'args': ['--x', '1'],"
                                        + " 'parallelism': 2, 'state': 'suspended', 'upgradeMode': 'last-state',"
                                        + " 'initialSavepointPath': 'file:///sp', 'allowNonRestoredState': true}}"));

        assertThat(parsed)
                .isEqualTo(
                        new DeploymentSpec(
                                "u",
                                "E",
                                List.of("--x", "1"),
                                2,
                                false,
                                "last-state",
                                "file:///sp",
                                true,
                                Map.of("a", "b", "n", "3")));
        assertThat(parsed.stateful()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "no job | {} | spec.job: required",
                "no jar | {'job': {'entryClass': 'E'}} | spec.job.jarURI: required",
                "no entry class | {'job': {'jarURI': 'u'}} | spec.job.entryClass: required",
                "text parallelism | {'job': {'jarURI': 'u', 'entryClass': 'E', 'parallelism': 'abc'}}"
                        + " | spec.job.parallelism: expected a positive integer, got \"abc\"",
                "zero parallelism | {'job': {'jarURI': 'u', 'entryClass': 'E', 'parallelism': 0}}"
                        + " | spec.job.parallelism: expected a positive integer, got 0",
                "bad state | {'job': {'jarURI': 'u', 'entryClass': 'E', 'state': 'paused'}}"
                        + " | spec.job.state: expected running or suspended, got \"paused\"",
                "bad mode | {'job': {'jarURI': 'u', 'entryClass': 'E', 'upgradeMode': 'fast'}}"
                        + " | spec.job.upgradeMode: expected stateless, savepoint or last-state",
                "args not a list | {'job': {'jarURI': 'u', 'entryClass': 'E', 'args': 'x'}}"
                        + " | spec.job.args: expected a list of strings",
                "nested config | {'flinkConfiguration': {'a': {'b': 1}}, 'job': {'jarURI': 'u',"
                        + " 'entryClass': 'E'}} | spec.flinkConfiguration[\"a\"]: expected a scalar",
            })
    void badSpecsNameTheField(String name, String json, String message) throws Exception {
        JsonNode spec = spec(json);

        assertThatThrownBy(() -> DeploymentSpec.parse(spec))
                .isInstanceOf(SpecException.class)
                .hasMessageStartingWith(message);
    }
}
