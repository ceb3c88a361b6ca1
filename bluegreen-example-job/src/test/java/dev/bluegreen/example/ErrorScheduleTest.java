package dev.bluegreen.example;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ErrorScheduleTest {

    @Test
    void healthyScheduleNeverReportsErrors() {
        assertThat(ErrorSchedule.NONE.errorsDue(0)).isZero();
        assertThat(ErrorSchedule.NONE.errorsDue(3_600_000)).isZero();
    }

    @Test
    void errorsGrowAtTheRateFromTheStart() {
        var schedule = new ErrorSchedule(20, Duration.ZERO);

        assertThat(schedule.errorsDue(0)).isZero();
        assertThat(schedule.errorsDue(50)).isEqualTo(1);
        assertThat(schedule.errorsDue(1_000)).isEqualTo(20);
        assertThat(schedule.errorsDue(2_500)).isEqualTo(50);
    }

    @Test
    void errorsStartOnlyAfterTheDelay() {
        var schedule = new ErrorSchedule(10, Duration.ofSeconds(20));

        assertThat(schedule.errorsDue(19_999)).isZero();
        assertThat(schedule.errorsDue(20_000)).isZero();
        assertThat(schedule.errorsDue(21_000)).isEqualTo(10);
        assertThat(schedule.errorsDue(30_000)).isEqualTo(100);
    }

    @Test
    void negativeRateIsRefusedNamingTheArgument() {
        assertThatThrownBy(() -> new ErrorSchedule(-1, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--error-rate: expected >= 0, got -1");
    }

    @Test
    void negativeDelayIsRefusedNamingTheArgument() {
        assertThatThrownBy(() -> new ErrorSchedule(1, Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--bad-after: expected a duration >= 0");
    }

    @Test
    void delayWithoutErrorsIsRefused() {
        assertThatThrownBy(() -> new ErrorSchedule(0, Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--bad-after: needs a positive --error-rate");
    }

    @Test
    void aTriggerFileWithoutErrorsIsRefused() {
        assertThatThrownBy(() -> new ErrorSchedule(0, Duration.ZERO, "/tmp/bad"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--bad-when-file: needs a positive --error-rate");
    }

    @Test
    void aBlankTriggerFileIsRefused() {
        assertThatThrownBy(() -> new ErrorSchedule(5, Duration.ZERO, " "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--bad-when-file: expected a file path");
    }
}
