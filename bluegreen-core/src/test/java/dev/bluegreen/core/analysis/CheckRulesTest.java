package dev.bluegreen.core.analysis;

import dev.bluegreen.core.AnalysisPhase;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static dev.bluegreen.core.AnalysisPhase.ERROR;
import static dev.bluegreen.core.AnalysisPhase.FAILED;
import static dev.bluegreen.core.AnalysisPhase.INCONCLUSIVE;
import static dev.bluegreen.core.AnalysisPhase.RUNNING;
import static dev.bluegreen.core.AnalysisPhase.SUCCESSFUL;
import static dev.bluegreen.core.analysis.Checks.MINUTE;
import static dev.bluegreen.core.analysis.Checks.START;
import static dev.bluegreen.core.analysis.Checks.measure;
import static dev.bluegreen.core.analysis.Checks.measurement;
import static dev.bluegreen.core.analysis.Checks.spec;
import static java.time.Duration.ofMinutes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * How measurements change a check's counters and phase (Argo's AnalysisRun rules), as tables; the
 * timing is in {@link CheckTimingTest}, a stage's phase in {@link StagePhaseTest}.
 */
class CheckRulesTest {
    /**
     * Rows: behaviour, the check, the measurements in order (S successful, F failed, I
     * inconclusive, E error), the phase after them and the counters
     * successful/failed/inconclusive/errors/consecutive errors.
     */
    static Stream<Arguments> measurements() {
        return Stream.of(
                row(
                        "one success without count or interval succeeds",
                        spec(0, null),
                        "S",
                        SUCCESSFUL,
                        "1/0/0/0/0"),
                row(
                        "one failure without count or interval fails",
                        spec(0, null),
                        "F",
                        FAILED,
                        "0/1/0/0/0"),
                row(
                        "one inconclusive without count or interval is inconclusive",
                        spec(0, null),
                        "I",
                        INCONCLUSIVE,
                        "0/0/1/0/0"),
                row(
                        "a success before the count keeps running",
                        spec(3, MINUTE),
                        "S S",
                        RUNNING,
                        "2/0/0/0/0"),
                row(
                        "the count reached succeeds",
                        spec(3, MINUTE),
                        "S S S",
                        SUCCESSFUL,
                        "3/0/0/0/0"),
                row(
                        "a failure within the failure limit keeps running",
                        spec(3, MINUTE, 1, 0, 4),
                        "F",
                        RUNNING,
                        "0/1/0/0/0"),
                row(
                        "more failures than the limit fail",
                        spec(3, MINUTE, 1, 0, 4),
                        "F S F",
                        FAILED,
                        "1/2/0/0/0"),
                row(
                        "failures within the limit and the count reached succeed",
                        spec(3, MINUTE, 1, 0, 4),
                        "S F S",
                        SUCCESSFUL,
                        "2/1/0/0/0"),
                row(
                        "failure limit -1 never fails and the count reached succeeds",
                        spec(3, MINUTE, -1, 0, 4),
                        "F F F",
                        SUCCESSFUL,
                        "0/3/0/0/0"),
                row(
                        "failure limit -1 keeps an indefinite check running",
                        spec(0, MINUTE, -1, 0, 4),
                        "F F F F",
                        RUNNING,
                        "0/4/0/0/0"),
                row(
                        "inconclusive within the limit keeps running",
                        spec(3, MINUTE, 0, 1, 4),
                        "I",
                        RUNNING,
                        "0/0/1/0/0"),
                row(
                        "more inconclusive than the limit is inconclusive",
                        spec(3, MINUTE, 0, 1, 4),
                        "I S I",
                        INCONCLUSIVE,
                        "1/0/2/0/0"),
                row(
                        "inconclusive within the limit counts toward the count",
                        spec(2, MINUTE, 0, 1, 4),
                        "I S",
                        SUCCESSFUL,
                        "1/0/1/0/0"),
                row(
                        "errors do not count toward the count",
                        spec(1, MINUTE),
                        "E E",
                        RUNNING,
                        "0/0/0/2/2"),
                row(
                        "four errors in a row keep running with the default limit",
                        spec(1, MINUTE),
                        "E E E E",
                        RUNNING,
                        "0/0/0/4/4"),
                row(
                        "the fifth error in a row errs with the default limit",
                        spec(1, MINUTE),
                        "E E E E E",
                        ERROR,
                        "0/0/0/5/5"),
                row(
                        "an error beyond a zero error limit errs at once",
                        spec(3, MINUTE, 0, 0, 0),
                        "E",
                        ERROR,
                        "0/0/0/1/1"),
                row(
                        "a success resets the consecutive errors",
                        spec(10, MINUTE),
                        "E E E E S E E E E",
                        RUNNING,
                        "1/0/0/8/4"),
                row(
                        "a failure within the limit resets the consecutive errors",
                        spec(10, MINUTE, 1, 0, 4),
                        "E E E E F E",
                        RUNNING,
                        "0/1/0/5/1"),
                row(
                        "an error after the last needed success still counts the success",
                        spec(1, MINUTE),
                        "E S",
                        SUCCESSFUL,
                        "1/0/0/1/0"),
                row(
                        "an indefinite check keeps running after many successes",
                        spec(0, MINUTE),
                        "S S S S S S S S S S S S",
                        RUNNING,
                        "12/0/0/0/0"),
                row(
                        "an indefinite check fails when the failure limit trips",
                        spec(0, MINUTE),
                        "S S S F",
                        FAILED,
                        "3/1/0/0/0"),
                row(
                        "an indefinite check errs when the error limit trips",
                        spec(0, MINUTE, 0, 0, 1),
                        "S E E",
                        ERROR,
                        "1/0/0/2/2"));
    }

    private static Arguments row(
            String behaviour,
            CheckSpec check,
            String measured,
            AnalysisPhase phase,
            String counters) {
        return arguments(behaviour, check, measured, phase, counters);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("measurements")
    void recordsMeasurementsWithArgosCounters(
            String behaviour,
            CheckSpec check,
            String measured,
            AnalysisPhase phase,
            String counters) {
        CheckProgress progress = measure(check, CheckProgress.pending(check.name()), measured);

        assertThat(progress.phase()).isEqualTo(phase);
        assertThat(counters(progress)).isEqualTo(counters);
    }

    /**
     * Rows: behaviour, persisted counters, the next measurement and the phase, for a check with
     * count 1 and every limit 0. One measurement moves one counter, so several limits trip at once
     * only when the limits were lowered during a run (the persisted counters were within the old
     * ones): the limits are tested failed, inconclusive, error, and the last that trips wins.
     */
    static Stream<Arguments> limitOrder() {
        return Stream.of(
                arguments("inconclusive wins over failed", progress(1, 0, 0), 'I', INCONCLUSIVE),
                arguments("error wins over failed", progress(1, 0, 0), 'E', ERROR),
                arguments("error wins over inconclusive", progress(0, 1, 0), 'E', ERROR),
                arguments("error wins over failed and inconclusive", progress(1, 1, 0), 'E', ERROR),
                arguments(
                        "a tripped limit wins over the count reached",
                        progress(0, 0, 0),
                        'F',
                        FAILED));
    }

    /** Persisted running progress with these counters (no measurements kept). */
    private static CheckProgress progress(int failed, int inconclusive, int consecutiveErrors) {
        return new CheckProgress(
                "error-rate",
                RUNNING,
                0,
                failed,
                inconclusive,
                consecutiveErrors,
                consecutiveErrors,
                List.of());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("limitOrder")
    void testsTheLimitsInArgosOrder(
            String behaviour, CheckProgress before, char measured, AnalysisPhase phase) {
        CheckSpec check = spec(1, MINUTE, 0, 0, 0);

        CheckProgress after = CheckRules.record(check, before, measurement(0, measured));

        assertThat(after.phase()).isEqualTo(phase);
    }

    @Test
    void keepsOnlyTheTenMostRecentMeasurementsOldestFirst() {
        CheckSpec check = spec(0, MINUTE);

        CheckProgress progress =
                measure(check, CheckProgress.pending("error-rate"), "S ".repeat(12));

        assertThat(progress.recent()).hasSize(CheckProgress.KEPT);
        assertThat(progress.recent().get(0).at()).isEqualTo(START.plus(ofMinutes(3)));
        assertThat(progress.recent().get(9).at()).isEqualTo(START.plus(ofMinutes(12)));
        assertThat(progress.successful()).isEqualTo(12);
    }

    @Test
    void refusesToRecordAMeasurementOfAFinishedCheck() {
        CheckSpec check = spec(1, MINUTE);
        CheckProgress done = measure(check, CheckProgress.pending("error-rate"), "S");

        assertThatThrownBy(() -> CheckRules.record(check, done, measurement(5, 'S')))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("check error-rate is finished (SUCCESSFUL)");
    }

    @Test
    void refusesProgressOfAnotherCheck() {
        CheckSpec check = spec(1, MINUTE);

        assertThatThrownBy(
                        () ->
                                CheckRules.record(
                                        check,
                                        CheckProgress.pending("latency"),
                                        measurement(0, 'S')))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("latency")
                .hasMessageContaining("error-rate");
    }

    private static String counters(CheckProgress p) {
        return String.join(
                "/",
                String.valueOf(p.successful()),
                String.valueOf(p.failed()),
                String.valueOf(p.inconclusive()),
                String.valueOf(p.errors()),
                String.valueOf(p.consecutiveErrors()));
    }
}
