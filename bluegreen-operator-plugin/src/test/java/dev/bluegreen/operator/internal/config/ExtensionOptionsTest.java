package dev.bluegreen.operator.internal.config;

import dev.bluegreen.core.extension.ExtensionParameters;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The option that names an extension, and the extension's parameters. */
class ExtensionOptionsTest {
    static final String KEY = "kubernetes.operator.bluegreen.extension";

    @Test
    void withoutTheOptionThereIsNoExtensionAndNoParameters() {
        var options = BlueGreenOptions.read(Map.of());

        assertThat(options.extension()).isNull();
        assertThat(options.extensionParameters()).isEqualTo(ExtensionParameters.none());
        assertThat(options.settings().readinessChecks().restarts()).isFalse();
        assertThat(BlueGreenOptions.read(null).extensionParameters().asMap()).isEmpty();
    }

    @Test
    void theNameAndAnyParameterAreAcceptedAndHandedOn() {
        var options =
                BlueGreenOptions.read(
                        Map.of(
                                KEY,
                                "no-restarts",
                                KEY + ".max-restarts",
                                "0",
                                KEY + ".anything.nested",
                                "x y"));

        assertThat(options.problems()).isEmpty();
        assertThat(options.extension()).isEqualTo("no-restarts");
        assertThat(options.extensionParameters().asMap())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("max-restarts", "0", "anything.nested", "x y"));
    }

    @Test
    void parametersWithoutTheNameAreAcceptedAndIgnored() {
        var options = BlueGreenOptions.read(Map.of(KEY + ".max-restarts", "0"));

        assertThat(options.problems()).isEmpty();
        assertThat(options.extension()).isNull();
        assertThat(options.settings().readinessChecks().any()).isFalse();
    }

    @Test
    void anExtensionReadsEveryReadinessFactRawUnlessMaxLagSetsAWindow() {
        var raw = BlueGreenOptions.parse(Map.of(KEY, "mine")).readinessChecks();
        var windowed =
                BlueGreenOptions.parse(
                                Map.of(KEY, "mine", BlueGreenOptions.READINESS_MAX_LAG.key(), "10"))
                        .readinessChecks();

        assertThat(raw).isEqualTo(ReadinessChecks.all(Duration.ZERO));
        assertThat(windowed).isEqualTo(ReadinessChecks.all(Duration.ofSeconds(30)));
        assertThat(raw.any()).isTrue();
    }

    @Test
    void theCallBoundIsOneSecondAndDocumentedInTheOption() {
        assertThat(ExtensionOptions.CALL_BOUND).isEqualTo(Duration.ofSeconds(1));
        assertThat(ExtensionOptions.EXTENSION.description()).contains("bounded by 1 s");
        assertThat(BlueGreenOptions.byKey(KEY)).isSameAs(ExtensionOptions.EXTENSION);
    }

    @Test
    void theNameMayHave63CharactersButNotMore() {
        String longest = "a".repeat(63);

        assertThat(BlueGreenOptions.read(Map.of(KEY, longest)).problems()).isEmpty();
        assertThat(BlueGreenOptions.read(Map.of(KEY, longest + "a")).problems())
                .singleElement()
                .satisfies(e -> assertThat(e.key()).isEqualTo(KEY));
    }
}
