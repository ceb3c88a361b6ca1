package dev.bluegreen.operator.it;

import dev.bluegreen.core.analysis.MeasurementPhase;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code kubectl bluegreen status} (the real kubectl) lists the analysis checks of a parent whose
 * pre-promotion check failed: the stage's phase and message, and per check its phase, counts and
 * last values; every other line as {@link StatusCheck} expects it.
 */
class KubectlAnalysisIT {
    final AnalysisIT.ScriptedRunner runner = new AnalysisIT.ScriptedRunner();
    KubectlStack stack;
    @TempDir Path dir;

    @BeforeEach
    void start() throws IOException {
        stack = new KubectlStack(dir, c -> c.withChecks((client, jobs) -> runner));
    }

    @AfterEach
    void stop() {
        stack.close();
    }

    @Test
    void statusListsTheChecksWithTheirPhaseCountsAndLastValues() {
        var h = stack.h;
        runner.phase = MeasurementPhase.FAILED;
        runner.value = "[0.42]";
        h.deployed(AnalysisIT.parent());
        h.editTemplate("orders", t -> t.put("image", "flink:1.20.1"));
        await().atMost(Harness.WAIT)
                .until(() -> h.eventReasons("orders").contains("Warning:AnalysisFailed"));
        h.awaitState("orders", "ACTIVE_BLUE");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);

        var status = new StatusCheck(h, stack.kubectl).assertMatches("orders");

        assertThat(status.field("Pre checks"))
                .isEqualTo("Failed: check error-rate failed: last values [0.42]");
        assertThat(status.field("Post checks")).isNull();
        assertThat(status.out())
                .contains(
                        "\n  error-rate: Failed, successful 0, failed 1, inconclusive 0, errors 0,"
                                + " last values [0.42]\n");
    }

    @Test
    void statusOfAParentWithoutAnalysisShowsNoChecks() {
        var h = stack.h;
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        var status = new StatusCheck(h, stack.kubectl).assertMatches("orders");

        assertThat(status.out()).doesNotContain("checks:");
    }
}
