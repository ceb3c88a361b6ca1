package dev.bluegreen.example;

import org.apache.flink.configuration.Configuration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
            })
    void badArgumentsNameTheArgument(String name, String args, String message) {
        assertThatThrownBy(() -> JobArgs.parse(args.split(" ")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
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
