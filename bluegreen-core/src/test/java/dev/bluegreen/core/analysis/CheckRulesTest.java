package dev.bluegreen.core.analysis;

import dev.bluegreen.core.AnalysisPhase;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static dev.bluegreen.core.AnalysisPhase.ERROR;
import static dev.bluegreen.core.AnalysisPhase.FAILED;
import static dev.bluegreen.core.AnalysisPhase.INCONCLUSIVE;
import static dev.bluegreen.core.AnalysisPhase.NONE;
import static dev.bluegreen.core.AnalysisPhase.PENDING;
import static dev.bluegreen.core.AnalysisPhase.RUNNING;
import static dev.bluegreen.core.AnalysisPhase.SUCCESSFUL;
import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The rules of an analysis run as tables: how measurements change a check's counters and phase,
 * when it measures next, a stage's phase, and how long a check takes.
 */
class CheckRulesTest {
    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration MINUTE = ofMinutes(1);

    /** A check with these limits; {@code interval} may be null. */
    private static CheckSpec spec(
            int count, Duration interval, int failureLimit, int inconclusiveLimit, int errorLimit) {
        return new CheckSpec(
                "error-rate",
                Duration.ZERO,
                interval,
                count,
                failureLimit,
                inconclusiveLimit,
                errorLimit);
    }

    /** A check with Argo's default limits (failure 0, inconclusive 0, consecutive errors 4). */
    private static CheckSpec spec(int count, Duration interval) {
        return spec(count, interval, 0, 0, CheckSpec.DEFAULT_CONSECUTIVE_ERROR_LIMIT);
    }

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

    /**
     * Rows: behaviour, the check (initial delay 30 s unless said), the measurements so far, whether
     * the stage ended, and the next measurement's offset from the start (null: none).
     */
    static Stream<Arguments> nextMeasurement() {
        CheckSpec delayed = new CheckSpec("error-rate", ofSeconds(30), ofMinutes(5), 3, 0, 0, 4);
        CheckSpec fast = new CheckSpec("error-rate", ofSeconds(30), ofSeconds(2), 3, 0, 0, 4);
        CheckSpec once = new CheckSpec("error-rate", Duration.ZERO, null, 0, 0, 0, 4);
        CheckSpec noInterval = new CheckSpec("error-rate", Duration.ZERO, null, 2, 0, 0, 4);
        return Stream.of(
                arguments(
                        "the first measurement waits for the initial delay",
                        delayed,
                        "",
                        false,
                        ofSeconds(30)),
                arguments(
                        "the first measurement without a delay is at the start",
                        once,
                        "",
                        false,
                        Duration.ZERO),
                arguments(
                        "the next measurement comes an interval after the last",
                        delayed,
                        "S",
                        false,
                        ofMinutes(6)),
                arguments(
                        "a failure within the limit waits an interval",
                        new CheckSpec("error-rate", ofSeconds(30), ofMinutes(5), 3, 1, 0, 4),
                        "F",
                        false,
                        ofMinutes(6)),
                arguments(
                        "an error retries after 10 s instead of a long interval",
                        delayed,
                        "S E",
                        false,
                        ofMinutes(2).plusSeconds(10)),
                arguments(
                        "an error retries after 10 s even with a shorter interval",
                        fast,
                        "E",
                        false,
                        ofMinutes(1).plusSeconds(10)),
                arguments("a finished check measures no more", once, "S", false, null),
                arguments("a failed check measures no more", delayed, "F", false, null),
                arguments("a check of an ended stage measures no more", delayed, "S", true, null),
                arguments(
                        "an unfinished check of an ended stage does not start",
                        delayed,
                        "",
                        true,
                        null),
                arguments(
                        "a check without interval but count 2 measures again at once",
                        noInterval,
                        "S",
                        false,
                        ofMinutes(1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nextMeasurement")
    void schedulesTheNextMeasurement(
            String behaviour,
            CheckSpec check,
            String measured,
            boolean stageEnded,
            Duration expected) {
        // measurements are taken 1 min apart from START + 1 min (see measure)
        CheckProgress progress = measure(check, CheckProgress.pending(check.name()), measured);

        Optional<Instant> next = CheckRules.nextAt(check, progress, START, stageEnded);

        assertThat(next).isEqualTo(Optional.ofNullable(expected).map(START::plus));
    }

    /** Rows: behaviour, the phases of a stage's checks, the stage's phase. */
    static Stream<Arguments> stages() {
        return Stream.of(
                arguments("a stage without checks is none", List.of(), NONE),
                arguments(
                        "a stage with nothing measured is pending",
                        List.of(PENDING, PENDING),
                        PENDING),
                arguments("a stage with a measuring check is running", List.of(RUNNING), RUNNING),
                arguments(
                        "a stage with some checks done and some pending is running",
                        List.of(SUCCESSFUL, PENDING),
                        RUNNING),
                arguments(
                        "a stage whose checks all succeeded is successful",
                        List.of(SUCCESSFUL, SUCCESSFUL),
                        SUCCESSFUL),
                arguments(
                        "one failed check fails the stage while others run",
                        List.of(RUNNING, FAILED),
                        FAILED),
                arguments(
                        "one failed check fails the stage before others start",
                        List.of(PENDING, FAILED),
                        FAILED),
                arguments(
                        "one inconclusive check ends the stage inconclusive",
                        List.of(SUCCESSFUL, INCONCLUSIVE),
                        INCONCLUSIVE),
                arguments(
                        "an erring check is worse than an inconclusive one",
                        List.of(INCONCLUSIVE, ERROR),
                        ERROR),
                arguments(
                        "a failed check is worse than an erring one",
                        List.of(ERROR, FAILED, RUNNING),
                        FAILED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stages")
    void assessesTheStageByItsWorstCheck(
            String behaviour, List<AnalysisPhase> phases, AnalysisPhase expected) {
        List<CheckProgress> checks = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            checks.add(new CheckProgress("c" + i, phases.get(i), 0, 0, 0, 0, 0, List.of()));
        }

        assertThat(CheckRules.stagePhase(checks)).isEqualTo(expected);
        assertThat(CheckRules.ended(checks))
                .isEqualTo(expected.failed() || expected == INCONCLUSIVE);
    }

    @Test
    void requeuesAtTheEarliestNextMeasurementOfAStage() {
        CheckSpec slow = new CheckSpec("slow", ofMinutes(2), MINUTE, 3, 0, 0, 4);
        CheckSpec quick = new CheckSpec("quick", ofSeconds(30), MINUTE, 3, 0, 0, 4);
        CheckProgress quickMeasured = measure(quick, CheckProgress.pending("quick"), "S");

        // slow has no progress yet: it counts as pending and first measures at START + 2 min
        assertThat(CheckRules.earliestNextAt(List.of(slow, quick), List.of(), START))
                .contains(START.plusSeconds(30));
        assertThat(CheckRules.earliestNextAt(List.of(slow, quick), List.of(quickMeasured), START))
                .contains(START.plus(ofMinutes(2)));
    }

    @Test
    void requeuesNeverOnceTheStageEndedOrEveryCheckFinished() {
        CheckSpec a = new CheckSpec("a", Duration.ZERO, MINUTE, 3, 0, 0, 4);
        CheckSpec b = spec(0, null);
        CheckProgress aFailed = measure(a, CheckProgress.pending("a"), "F");
        CheckProgress bDone = measure(b, CheckProgress.pending("error-rate"), "S");

        assertThat(CheckRules.earliestNextAt(List.of(a, b), List.of(aFailed), START)).isEmpty();
        assertThat(CheckRules.earliestNextAt(List.of(b), List.of(bDone), START)).isEmpty();
    }

    /** Rows: behaviour, the check, its duration without errors (null: indefinite). */
    static Stream<Arguments> durations() {
        return Stream.of(
                arguments(
                        "a single measurement takes its initial delay",
                        new CheckSpec("c", ofSeconds(10), null, 0, 0, 0, 4),
                        ofSeconds(10)),
                arguments(
                        "count 1 with an interval takes its initial delay",
                        new CheckSpec("c", ofSeconds(10), MINUTE, 1, 0, 0, 4),
                        ofSeconds(10)),
                arguments(
                        "count n takes n - 1 intervals after the delay",
                        new CheckSpec("c", ofSeconds(30), MINUTE, 5, 0, 0, 4),
                        ofMinutes(4).plusSeconds(30)),
                arguments(
                        "an indefinite check has no duration",
                        new CheckSpec("c", ofSeconds(30), MINUTE, 0, 0, 0, 4),
                        null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("durations")
    void boundsHowLongACheckRuns(String behaviour, CheckSpec check, Duration expected) {
        assertThat(CheckRules.maxDuration(check)).isEqualTo(Optional.ofNullable(expected));
    }

    /** Records {@code measured} (letters S, F, I, E) taken 1 min apart from START + 1 min. */
    private static CheckProgress measure(CheckSpec check, CheckProgress start, String measured) {
        CheckProgress progress = start;
        int minute = 1;
        for (char c : measured.replace(" ", "").toCharArray()) {
            progress = CheckRules.record(check, progress, measurement(minute++, c));
        }
        return progress;
    }

    private static Measurement measurement(int minute, char phase) {
        MeasurementPhase p =
                switch (phase) {
                    case 'S' -> MeasurementPhase.SUCCESSFUL;
                    case 'F' -> MeasurementPhase.FAILED;
                    case 'I' -> MeasurementPhase.INCONCLUSIVE;
                    case 'E' -> MeasurementPhase.ERROR;
                    default -> throw new IllegalArgumentException("measurement " + phase);
                };
        return new Measurement(START.plus(ofMinutes(minute)), p, "[0.5]", "");
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
