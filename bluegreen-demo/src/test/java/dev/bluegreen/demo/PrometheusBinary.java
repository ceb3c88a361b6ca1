package dev.bluegreen.demo;

import dev.bluegreen.standin.prometheus.PrometheusServer;

import org.junit.jupiter.api.Assumptions;

/**
 * Whether a test can start a real Prometheus: it skips locally without the {@code prometheus}
 * binary (a JUnit assumption with the hint to install Debian's package) and fails in CI ({@code
 * CI=true}), where {@code .ci/run} installs it. The demo module's copy of the stand-in's test
 * fixture {@code PrometheusFixture}.
 */
final class PrometheusBinary {
    /** The hint of a skipped test. */
    static final String INSTALL_HINT = "install Debian package prometheus";

    private PrometheusBinary() {}

    /**
     * Returns when the binary is there; otherwise skips the test, or fails it in CI.
     *
     * @throws IllegalStateException when the binary is missing and {@code CI=true}
     */
    static void assumePresent() {
        if (PrometheusServer.binary().isPresent()) {
            return;
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException(
                    "no prometheus binary and CI=true: the demo's analysis test never skips in CI; "
                            + INSTALL_HINT
                            + " (.ci/run installs it)");
        }
        Assumptions.abort(INSTALL_HINT + " to run the demo's analysis mode");
    }
}
