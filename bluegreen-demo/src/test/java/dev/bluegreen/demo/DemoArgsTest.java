package dev.bluegreen.demo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DemoArgsTest {

    @Test
    void defaultsToBasicModeUnderTarget() {
        assertThat(DemoArgs.parse())
                .isEqualTo(new DemoArgs("BASIC", Path.of("target/demo"), Path.of("target/usrlib")));
    }

    @Test
    void readsEveryOption() {
        assertThat(DemoArgs.parse("--mode", "advanced", "--out", "/tmp/o", "--usrlib", "/tmp/u"))
                .isEqualTo(new DemoArgs("ADVANCED", Path.of("/tmp/o"), Path.of("/tmp/u")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "unknown mode | --mode FAST | --mode: expected BASIC or ADVANCED, got \"FAST\"",
                "unknown flag | --colour blue | --colour: unknown argument",
                "missing value | --out | --out: expected a value after it"
            })
    void rejectsBadArgumentsNamingThem(String caseName, String args, String message) {
        assertThatThrownBy(() -> DemoArgs.parse(args.split(" ")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
