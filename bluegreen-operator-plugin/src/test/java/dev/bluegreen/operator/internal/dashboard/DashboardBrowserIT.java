package dev.bluegreen.operator.internal.dashboard;

import dev.bluegreen.operator.internal.status.EventSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The dashboard's pages in a real browser (headless Chromium, Debian package {@code chromium}): the
 * rendered DOM has the parent rows and the timeline's marks, and a {@code <script>} or {@code
 * onerror} put into a resource's fields ran nothing (it would have changed the title). Skipped
 * locally without Chromium; fails in CI ({@code CI=true}).
 */
class DashboardBrowserIT {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final String PAYLOAD =
            "<script>document.title='pwned'</script>\"><img src=x onerror=\"document.title='pwned'\">";
    private static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");

    @TempDir static Path profile;
    private static DashboardServer server;

    @BeforeAll
    static void serve() throws IOException {
        if (!Files.isExecutable(CHROMIUM)) {
            if ("true".equals(System.getenv("CI"))) {
                fail(CHROMIUM + " is missing: install Debian package chromium");
            }
            Assumptions.abort(CHROMIUM + " is missing: install Debian package chromium");
        }
        var orders = DashboardPagesTest.hostileParent("shop", "orders", PAYLOAD);
        var payments = DashboardPagesTest.hostileParent("billing", "payments", PAYLOAD);
        var data = new DashboardData();
        data.attach(() -> List.<FlinkBlueGreenDeployment>of(orders, payments), null);
        var events = List.of(new EventSpec("Normal", "SavepointTaken", PAYLOAD));
        data.wrote(orders, DashboardPagesTest.status(PAYLOAD, "ACTIVE_BLUE"), List.of(), T0);
        data.wrote(
                orders,
                DashboardPagesTest.status(PAYLOAD, "SAVEPOINTING_BLUE"),
                events,
                T0.plusSeconds(10));
        data.wrote(
                orders,
                DashboardPagesTest.status(PAYLOAD, "TRANSITIONING_TO_GREEN"),
                List.of(),
                T0.plusSeconds(20));
        server =
                DashboardServer.start(
                        "127.0.0.1",
                        0,
                        () -> data,
                        Clock.fixed(T0.plusSeconds(40), ZoneOffset.UTC));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theParentsPageShowsEveryParentAndRunsNothingFromTheResources() throws Exception {
        String dom = dumpDom("/");

        assertThat(dom).contains("<title>Blue/green parents</title>");
        assertThat(dom).contains("data-name=\"orders\"").contains("data-name=\"payments\"");
        assertThat(dom).doesNotContain("pwned</title>").doesNotContain("<img");
    }

    @Test
    void theParentPageDrawsTheTimelineAndRunsNothingFromTheResources() throws Exception {
        String dom = dumpDom("/parents/shop/orders");

        assertThat(dom).contains("<title>shop/orders \u2013 blue/green</title>");
        assertThat(dom)
                .contains(
                        "data-state=\"SAVEPOINTING_BLUE\"",
                        "data-state=\"TRANSITIONING_TO_GREEN\"");
        assertThat(dom).contains("class=\"mark\"").contains("data-reason=\"SavepointTaken\"");
        assertThat(dom).contains("class=\"measurement\"");
        assertThat(dom).doesNotContain("pwned</title>").doesNotContain("<img");
    }

    /** The DOM Chromium built from the page at {@code path}, after its scripts (if any) ran. */
    private static String dumpDom(String path) throws IOException, InterruptedException {
        Path out = Files.createTempFile(profile, "dom", ".html");
        var process =
                new ProcessBuilder(
                                CHROMIUM.toString(),
                                "--headless",
                                "--no-sandbox",
                                "--disable-gpu",
                                "--no-first-run",
                                "--user-data-dir=" + profile.resolve("chromium"),
                                "--virtual-time-budget=2000",
                                "--dump-dom",
                                "http://127.0.0.1:" + server.port() + path)
                        .redirectOutput(out.toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("chromium did not finish within 60 s");
        }
        assertThat(process.exitValue()).isZero();
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
