package dev.bluegreen.operator.internal.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every guard of the option parser, fed bad input: errors name the key and the value. */
class InvalidOptionsTest {
    static final String P = BlueGreenOptions.PREFIX;

    @Test
    void unparsableDurationNamesTheFieldAndTheValue() {
        assertThatThrownBy(
                        () ->
                                BlueGreenOptions.parse(
                                        Map.of(P + "abort.grace-period", "ten minutes")))
                .isInstanceOf(InvalidOptionException.class)
                .hasMessageStartingWith(
                        "spec.configuration[\"kubernetes.operator.bluegreen.abort.grace-period\"]:"
                                + " cannot parse \"ten minutes\" as a duration");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "duration without a number | abort.grace-period | min | cannot parse \"min\" as a duration",
                "negative duration | deployment-deletion.delay | -5 s | cannot parse \"-5 s\"",
                "zero timeout | savepoint.timeout | 0 s | expected a duration > 0, got \"0 s\"",
                "zero reschedule interval | reconciliation.reschedule-interval | 0 | expected a duration > 0",
                "fractional soak | readiness.soak | 1.5 s | cannot parse \"1.5 s\" as a duration",
                "count not a number | readiness.min-completed-checkpoints | three | expected a whole number >= 0, got \"three\"",
                "negative count | readiness.max-lag | -1 | expected a whole number >= 0, got \"-1\"",
                "count too large | readiness.max-lag | 99999999999999999999 | expected a whole number >= 0",
                "unknown timeout action | cutover.timeout-action | RETRY | expected one of ROLLBACK, HOLD, got \"RETRY\"",
                "unknown retention | retention | ARCHIVE | expected one of DELETE, SUSPEND, KEEP_RUNNING, SUSPEND_THEN_DELETE, got \"ARCHIVE\"",
                "unknown failing source | failing-source | NEWEST | expected one of LAST_GOOD_SNAPSHOT, EMPTY, REFUSE",
                "boolean typo | rescale-as-transition | yes | expected true or false, got \"yes\"",
                "misspelled key | abort.grace-perid | 10 min | unknown blue/green option",
                "key of another tool under the prefix | gate.strategy | WATERMARK | unknown blue/green option",
                "extension name in upper case | extension | Mine | expected a name of lower-case letters",
                "extension name with a dot | extension | acme.strict | expected a name",
                "extension name ending in a dash | extension | strict- | expected a name",
                "extension parameter without a key | extension. | 1 | unknown blue/green option",
                "misspelled extension prefix | extensions.max | 1 | unknown blue/green option"
            })
    void rejectsBadValues(String name, String suffix, String value, String problem) {
        // Given
        var configuration = Map.of(P + suffix, value);
        // When / Then
        assertThatThrownBy(() -> BlueGreenOptions.parse(configuration))
                .isInstanceOfSatisfying(
                        InvalidOptionException.class,
                        e -> {
                            assertThat(e.key()).isEqualTo(P + suffix);
                            assertThat(e.value()).isEqualTo(value);
                            assertThat(e.field())
                                    .isEqualTo("spec.configuration[\"" + P + suffix + "\"]");
                            assertThat(e.problem()).contains(problem);
                            assertThat(e.getMessage()).isEqualTo(e.field() + ": " + e.problem());
                        });
    }

    @Test
    void nullValueIsRejected() {
        var configuration = new HashMap<String, String>();
        configuration.put(P + "retention", null);

        assertThatThrownBy(() -> BlueGreenOptions.parse(configuration))
                .isInstanceOf(InvalidOptionException.class)
                .hasMessage(
                        "spec.configuration[\"kubernetes.operator.bluegreen.retention\"]:"
                                + " expected a value, got null");
    }

    @Test
    void problemsListsEveryProblemInKeyOrderAndParseThrowsTheFirst() {
        var configuration =
                Map.of(
                        P + "retention", "x",
                        P + "abort.grace-period", "y",
                        P + "zzz", "z");

        var problems = BlueGreenOptions.problems(configuration);

        assertThat(problems)
                .extracting(InvalidOptionException::key)
                .containsExactly(P + "abort.grace-period", P + "retention", P + "zzz");
        assertThatThrownBy(() -> BlueGreenOptions.parse(configuration))
                .hasMessage(problems.get(0).getMessage());
    }
}
