package dev.bluegreen.operator.internal.config;

import dev.bluegreen.core.Retention;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.diff.DiffRules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The retention option's mode-dependent default: DELETE in BASIC mode, SUSPEND_THEN_DELETE in
 * ADVANCED mode; a configured value wins in both modes.
 */
class RetentionDefaultTest {
    private static final String KEY = BlueGreenOptions.RETENTION.key();

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("not set, BASIC", null, false, Retention.DELETE),
                Arguments.of("not set, ADVANCED", null, true, Retention.SUSPEND_THEN_DELETE),
                Arguments.of("DELETE, ADVANCED", "DELETE", true, Retention.DELETE),
                Arguments.of("suspend, ADVANCED", "suspend", true, Retention.SUSPEND),
                Arguments.of(
                        "suspend_then_delete, BASIC",
                        "suspend_then_delete",
                        false,
                        Retention.SUSPEND_THEN_DELETE),
                Arguments.of("KEEP_RUNNING, BASIC", "KEEP_RUNNING", false, Retention.KEEP_RUNNING));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void retentionByModeAndOption(String name, String value, boolean gated, Retention expected) {
        // Given
        Map<String, String> configuration = value == null ? Map.of() : Map.of(KEY, value);

        // When
        var settings = BlueGreenOptions.parse(configuration).withGatedHandover(gated);

        // Then
        assertThat(settings.policy().retention()).isEqualTo(expected);
        assertThat(settings.policy().gatedHandover()).isEqualTo(gated);
        assertThat(settings.retentionConfigured()).isEqualTo(value != null);
    }

    @Test
    void switchingTheModeBackRestoresTheBasicDefault() {
        var advanced = BlueGreenOptions.defaults().withGatedHandover(true);

        var basic = advanced.withGatedHandover(false);

        assertThat(advanced.policy().retention()).isEqualTo(Retention.SUSPEND_THEN_DELETE);
        assertThat(basic.policy().retention()).isEqualTo(Retention.DELETE);
    }

    @Test
    void settingsBuiltFromAPolicyKeepItsRetentionInBothModes() {
        var policy = TransitionPolicy.builder().retention(Retention.SUSPEND).build();
        var settings = new BlueGreenSettings(policy, DiffRules.defaults(), Duration.ofSeconds(15));

        assertThat(settings.retentionConfigured()).isTrue();
        assertThat(settings.withGatedHandover(true).policy().retention())
                .isEqualTo(Retention.SUSPEND);
    }

    @Test
    void theDocumentedDefaultsAreTheModeDefaults() {
        assertThat(BlueGreenOptions.RETENTION.defaultValue())
                .isEqualTo(BlueGreenSettings.defaultRetention(false).name());
        assertThat(BlueGreenOptions.RETENTION.description())
                .contains(
                        "When not set: `DELETE` in BASIC mode, `SUSPEND_THEN_DELETE` in ADVANCED");
        assertThat(BlueGreenSettings.defaultRetention(true))
                .isEqualTo(Retention.SUSPEND_THEN_DELETE);
    }
}
