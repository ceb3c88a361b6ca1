package dev.bluegreen.core.analysis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static dev.bluegreen.core.analysis.Checks.MINUTE;
import static dev.bluegreen.core.analysis.Checks.START;
import static dev.bluegreen.core.analysis.Checks.measure;
import static dev.bluegreen.core.analysis.Checks.spec;
import static java.time.Duration.ofMinutes;
import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** When a check measures next, when a stage measures next, and how long a check runs, as tables. */
class CheckTimingTest {
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
}
