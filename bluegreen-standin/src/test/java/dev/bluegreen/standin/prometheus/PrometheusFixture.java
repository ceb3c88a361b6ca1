package dev.bluegreen.standin.prometheus;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Starts a real Prometheus for a test, or skips the test where the binary is missing: locally with
 * the hint to install Debian's {@code prometheus} package (a JUnit assumption), never in CI ({@code
 * CI=true}), where a missing binary fails the test (.ci/run installs it).
 */
public final class PrometheusFixture {
    /** The hint of a skipped test. */
    public static final String INSTALL_HINT = "install Debian package prometheus";

    private PrometheusFixture() {}

    /**
     * A server scraping {@code 127.0.0.1:firstPort..lastPort} every second.
     *
     * @throws IOException when the server does not start (see {@link PrometheusServer#start})
     */
    public static PrometheusServer scrapingPorts(int firstPort, int lastPort) throws IOException {
        return PrometheusServer.scrapingPorts(binary(), firstPort, lastPort);
    }

    /** The binary of this machine, or the skip or failure {@link #binaryOrSkip} decides. */
    public static Path binary() {
        return binaryOrSkip(PrometheusServer.binary(), System.getenv());
    }

    /**
     * {@code binary} when present; otherwise fails in CI ({@code CI=true} in {@code env}) and
     * aborts (skips) the test elsewhere.
     *
     * @throws IllegalStateException when the binary is missing and {@code CI=true}
     */
    static Path binaryOrSkip(Optional<Path> binary, Map<String, String> env) {
        if (binary.isPresent()) {
            return binary.get();
        }
        if ("true".equalsIgnoreCase(env.get("CI"))) {
            throw new IllegalStateException(
                    "no prometheus binary ("
                            + PrometheusServer.DEBIAN_BINARY
                            + " or on the PATH) and CI=true: the Prometheus tests never skip in"
                            + " CI; "
                            + INSTALL_HINT
                            + " (.ci/run installs it)");
        }
        Assumptions.abort(INSTALL_HINT + " to run the tests against a real Prometheus");
        throw new AssertionError("unreachable: abort throws");
    }
}
