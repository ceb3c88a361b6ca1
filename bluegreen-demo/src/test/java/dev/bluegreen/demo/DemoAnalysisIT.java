package dev.bluegreen.demo;

import dev.bluegreen.demo.analysis.RealPrometheus;
import dev.bluegreen.demo.timeline.AnalysisMeasured;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.DemoStep;
import dev.bluegreen.demo.timeline.KubeEvent;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo's analysis mode (issue 28, scenario 2) in ADVANCED mode against a real Prometheus: the
 * pre-promotion check passes, traffic goes to green, green turns bad (its {@code --bad-when-file}
 * appears), its error rate shows in Prometheus, the post-promotion check fails and the controller
 * switches back to blue by itself through the gates and deletes green; 0 duplicates and 0 lost
 * across both cutovers. 300 records per phase. Skips locally without the {@code prometheus} binary,
 * never in CI.
 */
class DemoAnalysisIT {
    static final Path OUT = Path.of("target", "demo-analysis-it");
    static RecordedDemo demo;

    @BeforeAll
    static void runTheAnalysisScenarioInAdvancedMode() throws Exception {
        RealPrometheus.binary();
        demo =
                RecordedDemo.run(
                        OUT,
                        settings ->
                                settings.inMode("ADVANCED")
                                        .withRecordsPerPhase(300)
                                        .withAnalysis());
    }

    @Test
    void switchesToGreenThenRollsBackToBlueAndDeletesGreen() {
        int switched = demo.switchedTo(Color.GREEN);
        int rollback = demo.index(e -> e instanceof KubeEvent k && k.rollback());
        int backOnBlue =
                demo.index(
                        e ->
                                e instanceof ControllerState s
                                        && s.state().equals("ACTIVE_BLUE")
                                        && s.at().compareTo(demo.run().events().get(rollback).at())
                                                >= 0);

        assertThat(demo.controllerStates())
                .containsSubsequence(
                        "ACTIVE_BLUE", "RETIRING_BLUE", "ACTIVE_BLUE", "SUSPENDED_BLUE")
                .doesNotContain("ACTIVE_GREEN");
        assertThat(switched).isNotNegative().isLessThan(rollback);
        assertThat(backOnBlue).isGreaterThan(rollback);
        assertThat(demo.deleted(Color.GREEN)).isGreaterThan(rollback);
        assertThat(demo.deleted(Color.BLUE)).isNegative();
    }

    @Test
    void theControllerSaysWhyItRolledBack() {
        assertThat(demo.printed())
                .contains("event      Warning AnalysisFailed on orders: postPromotion analysis:")
                .containsPattern("event      \\w+ Rollback on orders")
                .containsPattern(
                        "analysis   postPromotion error-rate-after-switch: Failed, result \\[[0-9.]+\\]");
        assertThat(demo.printed())
                .containsPattern(
                        "status.analysis after the rollback: prePromotion Successful \\(.*\\); postPromotion Failed \\(check"
                                + " error-rate-after-switch failed");
    }

    @Test
    void thePrePromotionCheckPassedBeforeTheSwitch() {
        int passed =
                demo.index(e -> e instanceof KubeEvent k && k.reason().equals("AnalysisPassed"));
        int lastPre = demo.lastIndex(e -> e instanceof AnalysisMeasured m && !m.postPromotion());

        assertThat(passed).isNotNegative().isLessThan(demo.switchedTo(Color.GREEN));
        assertThat(lastPre).isNotNegative().isLessThan(demo.switchedTo(Color.GREEN));
        assertThat(demo.run().events())
                .filteredOn(e -> e instanceof AnalysisMeasured m && !m.postPromotion())
                .allMatch(e -> ((AnalysisMeasured) e).phase().equals("Successful"))
                .hasSizeGreaterThanOrEqualTo(3);
    }

    @Test
    void greenTurnsBadOnlyAfterTheSwitchAndPrometheusSeesIt() {
        int bad =
                demo.index(e -> e instanceof DemoStep d && d.startsWith(DemoStep.GREEN_TURNS_BAD));
        int seen =
                demo.index(
                        e ->
                                e instanceof DemoStep d
                                        && d.startsWith(DemoStep.ERRORS_IN_PROMETHEUS));

        assertThat(bad).isGreaterThan(demo.switchedTo(Color.GREEN));
        assertThat(seen).isGreaterThan(bad);
    }

    @Test
    void bothCutoversWriteEveryRecordExactlyOnce() {
        var counts = demo.run().counts();

        assertThat(counts.lost()).isZero();
        assertThat(counts.duplicates()).isZero();
        assertThat(counts.out()).isEqualTo(counts.expected()).isPositive();
        assertThat(counts.versions()).extracting(v -> v.version()).containsExactly("v1", "v2");
        var blue = counts.versions().get(0);
        var green = counts.versions().get(1);
        // blue wrote from 0 and, after the rollback, up to the last record; green in between
        assertThat(blue.firstId()).isZero();
        assertThat(blue.lastId()).isEqualTo(counts.expected() - 1);
        assertThat(green.firstId()).isPositive();
        assertThat(green.lastId()).isLessThan(blue.lastId());
        System.out.printf(
                "DemoAnalysisIT: expected=%d out=%d duplicates=%d lost=%d v1=%d v2=%d (ids %d..%d)%n",
                counts.expected(),
                counts.out(),
                counts.duplicates(),
                counts.lost(),
                blue.lines(),
                green.lines(),
                green.firstId(),
                green.lastId());
    }

    @Test
    void printsTheRollbackSummary() {
        assertThat(demo.printed())
                .contains("Summary (ADVANCED mode")
                .contains("  Analysis checks (as the controller measured):")
                .containsPattern("    prePromotion   error-rate +\\d+ measurements")
                .containsPattern("    postPromotion  error-rate-after-switch +\\d+ measurements")
                .containsPattern(
                        "  Green turned bad at [0-9.]+s; from then: errors in Prometheus \\+[0-9.]+s,"
                                + " first failed measurement \\+[0-9.]+s, rollback \\+[0-9.]+s,"
                                + " traffic back on blue \\+[0-9.]+s")
                .contains("  Ends on blue (SUSPENDED_BLUE)")
                .contains("Duplicates: 0   Lost: 0")
                .doesNotContain("ACTIVE_BLUE to ACTIVE_GREEN");
    }

    @Test
    void thePageShowsTheChecksAndTheRollback() throws Exception {
        String html = Files.readString(demo.html());

        assertThat(html)
                .contains("data-lane=\"analysis\"")
                .contains("data-marker=\"check-successful\"")
                .contains("data-marker=\"check-failed\"")
                .contains("data-marker=\"rollback\"");
    }
}
