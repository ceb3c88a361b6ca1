package dev.bluegreen.operator.listener;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;

import static org.assertj.core.api.Assertions.assertThat;

class StartFailuresTest {
    @Test
    void reportsTheFirstFailureWithItsWholeCauseChain() {
        var failures = new StartFailures();

        var warning = failures.report(wrapped("leases is forbidden"));

        assertThat(warning)
                .hasValue(
                        "IllegalStateException: Error starting operator <- UncheckedIOException:"
                                + " java.io.IOException: leases is forbidden <- IOException: leases"
                                + " is forbidden (root cause java.io.IOException)");
    }

    @Test
    void everyExtensionProblemIsReportedAndKeepsStartFailuresApart() {
        var failures = new StartFailures();
        failures.reportExtensionProblem("cannot load an extension: x");
        failures.reportExtensionProblem("cannot load an extension: x");

        assertThat(failures.report(wrapped("leases is forbidden"))).isPresent();
        assertThat(failures.reported())
                .hasSize(3)
                .startsWith(
                        "extension not loaded: cannot load an extension: x",
                        "extension not loaded: cannot load an extension: x");
    }

    @Test
    void staysQuietWhileTheRootCauseRepeats() {
        var failures = new StartFailures();
        failures.report(wrapped("leases is forbidden"));

        assertThat(failures.report(wrapped("leases is forbidden"))).isEmpty();
        assertThat(failures.report(new IOException("leases is forbidden"))).isEmpty();
        assertThat(failures.reported()).hasSize(1);
    }

    @Test
    void reportsADifferentCauseAndTheSameCauseAfterAStart() {
        var failures = new StartFailures();
        failures.report(wrapped("leases is forbidden"));

        assertThat(failures.report(wrapped("connection refused"))).isPresent();
        failures.started();
        assertThat(failures.report(wrapped("connection refused"))).isPresent();
        assertThat(failures.reported()).hasSize(3);
    }

    @Test
    void reportsAnErrorWithoutMessageByItsType() {
        var failures = new StartFailures();

        assertThat(failures.report(new NoClassDefFoundError()))
                .hasValue("NoClassDefFoundError (root cause java.lang.NoClassDefFoundError)");
    }

    private static RuntimeException wrapped(String rootMessage) {
        return new IllegalStateException(
                "Error starting operator", new UncheckedIOException(new IOException(rootMessage)));
    }
}
