package dev.bluegreen.demo;

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
                                Path.of("/tmp/o"),
                                Path.of("/tmp/u")));
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
                "adopt with a value | --adopt yes | --adopt: takes no value, got \"yes\"",
                "adopt in advanced mode | --adopt --mode ADVANCED | --adopt: runs in BASIC mode"
                        + " only (the adopted job runs without the record-level gate ADVANCED mode"
                        + " needs); drop --mode ADVANCED",
                "adopt on kafka | --kafka --adopt | --adopt: runs on files only, not on Kafka;"
                        + " drop --kafka",
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
