package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.config.BlueGreenOptions;
import dev.bluegreen.operator.internal.pipeline.decide.Decide;
import dev.bluegreen.operator.internal.spec.Capacity;
import dev.bluegreen.operator.resource.ProjectFiles;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The table of recorded observations: every file under {@code src/test/resources/
 * recorded-observations/} (recorded from an IT with {@code -Dbluegreen.record.observations}; see
 * docs/controller.md) is replayed through {@link Decide#decide}, with the settings parsed from the
 * recorded parent, and must give the decision it records: the next state, the actions, the reason
 * and why the plan is held.
 */
class RecordedObservationsTest {
    static final Path DIR =
            ProjectFiles.root()
                    .resolve("bluegreen-operator-plugin/src/test/resources/recorded-observations");

    static Stream<Path> recordings() throws IOException {
        try (var files = Files.list(DIR)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void aRecordedObservationGivesTheRecordedDecision(Path file) throws IOException {
        var recorded = ObservationJson.read(Files.readString(file));

        assertThat(replay(recorded)).isEqualTo(recorded.decision());
    }

    @Test
    void theTableHoldsTheMainScenarios() throws IOException {
        List<String> names = recordings().map(f -> f.getFileName().toString()).toList();

        assertThat(names)
                .anyMatch(n -> n.startsWith("basic-"))
                .anyMatch(n -> n.startsWith("advanced-"))
                .anyMatch(n -> n.startsWith("failed-green-"))
                .anyMatch(n -> n.startsWith("adoption-"))
                .anyMatch(n -> n.startsWith("at-rest-"));
    }

    @Test
    void theSameObservationWithoutQuotaHeadroomHoldsThePlan() throws IOException {
        var recorded = read("basic-2-green-started-after-the-quota-read.json");
        var tight =
                recorded.observation()
                        .withQuota(new Capacity.Headroom(-1L, -1L)); // used above hard

        var held = replay(new ObservationJson.Recorded(recorded.now(), tight, recorded.decision()));

        assertThat(recorded.decision().blocked()).isNull();
        assertThat(held.blocked()).isEqualTo("InsufficientQuota");
        assertThat(held.actions()).isEqualTo(recorded.decision().actions());
    }

    @Test
    void anObservationSurvivesAJsonRoundTrip() throws IOException {
        for (Path file : recordings().toList()) {
            var recorded = ObservationJson.read(Files.readString(file));
            var again = ObservationJson.read(ObservationJson.write(recorded));

            assertThat(ObservationJson.write(again)).isEqualTo(ObservationJson.write(recorded));
        }
    }

    static ObservationJson.Recorded read(String name) throws IOException {
        return ObservationJson.read(Files.readString(DIR.resolve(name)));
    }

    static ObservationJson.Outcome replay(ObservationJson.Recorded recorded) {
        var observation = recorded.observation();
        var settings =
                BlueGreenOptions.read(observation.parent().getSpec().getConfiguration()).settings();
        return ObservationJson.Outcome.of(Decide.decide(observation, settings, recorded.now()));
    }
}
