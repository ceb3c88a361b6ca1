package dev.bluegreen.demo.analysis;

import dev.bluegreen.standin.prometheus.PrometheusServer;

import org.junit.jupiter.api.Assumptions;

import java.nio.file.Path;

/**
 * The real Prometheus binary (Debian's {@code prometheus}), or a skip where it is missing: locally
 * with the hint to install it, never in CI ({@code CI=true}), where the test fails (.ci/run
 * installs it).
 */
public final class RealPrometheus {
    private RealPrometheus() {}

    /**
     * The binary; skips the test where it is missing, fails it in CI.
     *
     * @throws IllegalStateException when the binary is missing and {@code CI=true}
     */
    public static Path binary() {
        var binary = PrometheusServer.binary();
        if (binary.isPresent()) {
            return binary.get();
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException(
                    "no prometheus binary and CI=true: the analysis scenarios never skip in CI;"
                            + " install Debian package prometheus (.ci/run installs it)");
        }
        Assumptions.abort("install Debian package prometheus to run the analysis scenarios");
        throw new AssertionError("unreachable");
    }
}
