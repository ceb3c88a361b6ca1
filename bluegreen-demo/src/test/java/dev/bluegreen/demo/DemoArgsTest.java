package dev.bluegreen.demo;

import dev.bluegreen.demo.scenario.GreenFailure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DemoArgsTest {

    @Test
    void defaultsToBasicModeWithFilesUnderTarget() {
        assertThat(DemoArgs.parse())
                .isEqualTo(
                        new DemoArgs(
                                "BASIC",
                                false,
                                false,
                                false,
                                false,
                                GreenFailure.NONE,
                                Path.of("target/demo"),
                                Path.of("target/usrlib")));
    }

    @Test
    void readsEveryOption() {
        assertThat(
                        DemoArgs.parse(
                                "--mode",
                                "advanced",
                                "--kafka",
                                "--green-fails",
                                "task-manager",
                                "--out",
                                "/tmp/o",
                                "--usrlib",
                                "/tmp/u"))
                .isEqualTo(
                        new DemoArgs(
                                "ADVANCED",
                                true,
                                false,
                                false,
                                false,
                                GreenFailure.TASK_MANAGER_KILLED,
                                Path.of("/tmp/o"),
                                Path.of("/tmp/u")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "job | job | JOB_FAILS",
                "task manager | task-manager | TASK_MANAGER_KILLED",
                "keep bound | keep-bound | JOB_FAILS_PAST_KEEP_BOUND"
            })
    void greenFailsNamesHowGreenFailsOnKafkaInAdvancedMode(
            String caseName, String value, GreenFailure expected) {
        var parsed = DemoArgs.parse("--kafka", "--mode", "ADVANCED", "--green-fails", value);

        assertThat(parsed.greenFails()).isEqualTo(expected);
        assertThat(Demo.settings(parsed).greenFailure()).isEqualTo(expected);
        assertThat(Demo.settings(DemoArgs.parse("--kafka")).greenFailure())
                .isEqualTo(GreenFailure.NONE);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "kafka alone | --kafka",
                "kafka first | --kafka --mode ADVANCED",
                "kafka last | --mode ADVANCED --kafka",
                "kafka between | --out /tmp/o --kafka --usrlib /tmp/u"
            })
    void kafkaIsAFlagWithoutValueAnywhereInTheLine(String caseName, String args) {
        assertThat(DemoArgs.parse(args.split(" ")).kafka()).isTrue();
    }

    @Test
    void sqlImpliesKafkaAndCombinesWithTheMode() {
        DemoArgs args = DemoArgs.parse("--sql", "--mode", "ADVANCED");

        assertThat(args.mode()).isEqualTo("ADVANCED");
        assertThat(args.sql()).isTrue();
        assertThat(args.kafka()).isTrue();
        assertThat(DemoArgs.parse("--kafka").sql()).isFalse();
    }

    @Test
    void sqlDoesNotCombineWithAdopt() {
        assertThatThrownBy(() -> DemoArgs.parse("--sql", "--adopt"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--adopt: runs on files only, not on Kafka; drop --sql");
    }

    @Test
    void kafkaCombinesWithTheMode() {
        DemoArgs args = DemoArgs.parse("--kafka", "--mode", "ADVANCED");

        assertThat(args.mode()).isEqualTo("ADVANCED");
        assertThat(args.kafka()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "adopt alone | --adopt",
                "adopt with basic mode | --mode BASIC --adopt",
                "adopt between | --out /tmp/o --adopt --usrlib /tmp/u"
            })
    void adoptIsAFlagWithoutValueInBasicModeOnFiles(String caseName, String args) {
        DemoArgs parsed = DemoArgs.parse(args.split(" "));

        assertThat(parsed.adopt()).isTrue();
        assertThat(parsed.mode()).isEqualTo("BASIC");
        assertThat(parsed.kafka()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "analysis alone, basic | --analysis | BASIC",
                "analysis in advanced mode, as the README runs it | --analysis --mode ADVANCED"
                        + " | ADVANCED",
                "analysis last | --mode ADVANCED --analysis | ADVANCED",
                "analysis between | --out /tmp/o --analysis --usrlib /tmp/u | BASIC"
            })
    void analysisIsAFlagOnFilesInEitherMode(String caseName, String args, String mode) {
        DemoArgs parsed = DemoArgs.parse(args.split(" "));

        assertThat(parsed.analysis()).isTrue();
        assertThat(parsed.mode()).isEqualTo(mode);
        assertThat(parsed.kafka()).isFalse();
        assertThat(parsed.adopt()).isFalse();
        assertThat(DemoArgs.parse("--mode", "ADVANCED").analysis()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "adopt with a value | --adopt yes | --adopt: takes no value, got \"yes\"",
                "adopt in advanced mode | --adopt --mode ADVANCED | --adopt: runs in BASIC mode"
                        + " only (the adopted job runs without the record-level gate ADVANCED mode"
                        + " needs); drop --mode ADVANCED",
                "adopt on kafka | --kafka --adopt | --adopt: runs on files only, not on Kafka;"
                        + " drop --kafka",
                "analysis with a value | --analysis on | --analysis: takes no value, got \"on\"",
                "analysis on kafka | --analysis --kafka | --analysis: runs on files only (the"
                        + " example job turns bad on a flag), not on Kafka; drop --kafka",
                "analysis on sql | --sql --mode ADVANCED --analysis | --analysis: runs on files"
                        + " only (the example job turns bad on a flag), not on Kafka; drop --sql",
                "analysis with adopt | --analysis --adopt | --analysis: does not combine with"
                        + " --adopt (it upgrades a parent it deployed itself); drop one of them",
                "green-fails without kafka | --mode ADVANCED --green-fails job | --green-fails:"
                        + " runs on the Kafka example job only; add --kafka",
                "green-fails on sql | --sql --mode ADVANCED --green-fails job | --green-fails:"
                        + " runs on the Kafka example job only; add --kafka instead of --sql",
                "green-fails in basic mode | --kafka --green-fails job | --green-fails: runs in"
                        + " ADVANCED mode only (the gates hand the output back); add --mode ADVANCED",
                "green-fails unknown | --kafka --mode ADVANCED --green-fails now | --green-fails:"
                        + " expected job, task-manager or keep-bound, got \"now\"",
                "green-fails without a value | --kafka --mode ADVANCED --green-fails |"
                        + " --green-fails: expected a value after it",
                "unknown mode | --mode FAST | --mode: expected BASIC or ADVANCED, got \"FAST\"",
                "unknown flag | --colour blue | --colour: unknown argument",
                "missing value | --out | --out: expected a value after it",
                "kafka with a value | --kafka true | --kafka: takes no value, got \"true\"",
                "stray word | --kafka --mode BASIC extra | extra: unknown argument",
                "mode missing its value | --kafka --mode | --mode: expected a value after it"
            })
    void rejectsBadArgumentsNamingThem(String caseName, String args, String message) {
        assertThatThrownBy(() -> DemoArgs.parse(args.split(" ")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
