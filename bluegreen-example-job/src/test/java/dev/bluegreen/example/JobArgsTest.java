package dev.bluegreen.example;

import org.apache.flink.configuration.Configuration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JobArgsTest {

    @Test
    void defaultsApplyWhenOnlyTheOutputIsGiven() {
        assertThat(JobArgs.parse("--output", "/tmp/out"))
                .isEqualTo(new JobArgs("/tmp/out", 200, 16, "v1", 200, OptionalLong.empty()));
    }

    @Test
    void everyArgumentIsRead() {
        assertThat(
                        JobArgs.parse(
                                "--output",
                                "o",
                                "--rate",
                                "50",
                                "--keys",
                                "3",
                                "--version",
                                "v2",
                                "--max-out-of-orderness-ms",
                                "0",
                                "--fail-after-records",
                                "9"))
                .isEqualTo(new JobArgs("o", 50, 3, "v2", 0, OptionalLong.of(9)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "missing output | --rate 5 | --output: required",
                "bad number | --output o --rate x | --rate: expected an integer, got \"x\"",
                "unknown key | --output o --speed 5 | --speed: unknown argument",
                "missing value | --output | --output: missing value",
                "zero keys | --output o --keys 0 | --keys: expected a positive number, got 0",
                "not a key | output o | argument 0: expected --key, got \"output\"",
                "bad version | --output o --version a/b | --version: letters, digits",
                "bad error rate | --output o --error-rate x | --error-rate: expected an integer",
                "negative error rate | --output o --error-rate -2 | --error-rate: expected >= 0",
                "bad delay | --output o --bad-after soon | --bad-after: expected a duration like"
                        + " 20s, got \"soon\"",
                "delay without errors | --output o --bad-after 5s --error-rate 0 | --bad-after:"
                        + " needs a positive --error-rate",
            })
    void badArgumentsNameTheArgument(String name, String args, String message) {
        assertThatThrownBy(() -> JobArgs.parse(args.split(" ")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @Test
    void noSimulatedErrorsByDefault() {
        assertThat(JobArgs.parse("--output", "o").errors()).isEqualTo(ErrorSchedule.NONE);
    }

    @Test
    void errorRateAloneMakesTheJobBadFromTheStart() {
        assertThat(JobArgs.parse("--output", "o", "--error-rate", "25").errors())
                .isEqualTo(new ErrorSchedule(25, Duration.ZERO));
    }

    @Test
    void badAfterDelaysTheErrorsAtTheDefaultRate() {
        assertThat(JobArgs.parse("--output", "o", "--bad-after", "20s").errors())
                .isEqualTo(
                        new ErrorSchedule(JobArgs.DEFAULT_BAD_ERROR_RATE, Duration.ofSeconds(20)));
    }

    @Test
    void badWhenFileStartsTheErrorsWhenTheFileAppearsAtTheDefaultRate() {
        assertThat(JobArgs.parse("--output", "o", "--bad-when-file", "/tmp/bad").errors())
                .isEqualTo(
                        new ErrorSchedule(
                                JobArgs.DEFAULT_BAD_ERROR_RATE, Duration.ZERO, "/tmp/bad"));
    }

    @Test
    void badAfterAndErrorRateCombine() {
        var args = JobArgs.parse("--output", "o", "--bad-after", "1500 ms", "--error-rate", "4");

        assertThat(args.errors()).isEqualTo(new ErrorSchedule(4, Duration.ofMillis(1500)));
        assertThat(args.withFailAfterRecords(3).errors()).isEqualTo(args.errors());
    }

    @Test
    void jobNameIsThePipelineNameWhenConfigured() {
        var args = JobArgs.parse("--output", "o", "--version", "v2");
        var config = new Configuration();

        assertThat(CountingJob.jobName(args, config)).isEqualTo("bluegreen-example-v2");
        config.setString("pipeline.name", "orders-green");
        assertThat(CountingJob.jobName(args, config)).isEqualTo("orders-green");
    }

    @Test
    void faultComesFromTheJobConfigurationWhenNoArgumentSetsIt() {
        var config = new Configuration();
        config.set(CountingJob.FAIL_AFTER_RECORDS, 500L);

        assertThat(
                        CountingJob.withConfiguredFault(JobArgs.parse("--output", "o"), config)
                                .failAfterRecords())
                .hasValue(500);
    }

    @Test
    void faultArgumentWinsOverTheJobConfiguration() {
        var config = new Configuration();
        config.set(CountingJob.FAIL_AFTER_RECORDS, 500L);
        var args = JobArgs.parse("--output", "o", "--fail-after-records", "7");

        assertThat(CountingJob.withConfiguredFault(args, config).failAfterRecords()).hasValue(7);
    }

    @Test
    void noFaultByDefault() {
        assertThat(
                        CountingJob.withConfiguredFault(
                                        JobArgs.parse("--output", "o"), new Configuration())
                                .failAfterRecords())
                .isEmpty();
    }
}
