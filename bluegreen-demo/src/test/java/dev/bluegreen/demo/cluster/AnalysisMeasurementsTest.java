package dev.bluegreen.demo.cluster;

import dev.bluegreen.demo.timeline.AnalysisMeasured;
import dev.bluegreen.operator.resource.AnalysisCheckStatus;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.MeasurementStatus;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class AnalysisMeasurementsTest {
    static final Duration SEEN = Duration.ofSeconds(7);

    @Test
    void listsEveryMeasurementOfBothStagesPrePromotionFirst() {
        var analysis = new AnalysisStatus();
        analysis.setPostPromotion(
                run(
                        check(
                                "error-rate-after-switch",
                                measurement("2026-12-02T16:00:02Z", "Successful", "[0]", null),
                                measurement("2026-12-02T16:00:04Z", "Failed", "[9.6]", null))));
        analysis.setPrePromotion(
                run(
                        check(
                                "error-rate",
                                measurement("2026-12-02T15:59:50Z", "Successful", "[]", null))));

        List<AnalysisMeasured> measured = AnalysisMeasurements.of(analysis, SEEN);

        assertThat(measured)
                .containsExactly(
                        new AnalysisMeasured(
                                SEEN,
                                "prePromotion",
                                "error-rate",
                                "Successful",
                                "[]",
                                "",
                                "2026-12-02T15:59:50Z"),
                        new AnalysisMeasured(
                                SEEN,
                                "postPromotion",
                                "error-rate-after-switch",
                                "Successful",
                                "[0]",
                                "",
                                "2026-12-02T16:00:02Z"),
                        new AnalysisMeasured(
                                SEEN,
                                "postPromotion",
                                "error-rate-after-switch",
                                "Failed",
                                "[9.6]",
                                "",
                                "2026-12-02T16:00:04Z"));
        assertThat(measured.get(2).bad()).isTrue();
        assertThat(measured.get(2).postPromotion()).isTrue();
        assertThat(measured.get(0).bad()).isFalse();
    }

    @Test
    void anErrorKeepsItsMessageAndMissingFieldsAreEmpty() {
        var analysis = new AnalysisStatus();
        analysis.setPrePromotion(
                run(
                        check(
                                "error-rate",
                                measurement(
                                        "2026-12-02T16:00:00Z",
                                        "Error",
                                        null,
                                        "connection refused"))));

        AnalysisMeasured error = AnalysisMeasurements.of(analysis, SEEN).get(0);

        assertThat(error.text()).isEqualTo("prePromotion error-rate: Error (connection refused)");
        assertThat(error.bad()).isTrue();
    }

    @Test
    void nothingWithoutAnalysisRunsOrChecks() {
        var noChecks = new AnalysisStatus();
        noChecks.setPrePromotion(new AnalysisRunStatus());
        var noMeasurements = new AnalysisStatus();
        noMeasurements.setPostPromotion(run(new AnalysisCheckStatus()));

        assertThat(AnalysisMeasurements.of(null, SEEN)).isEmpty();
        assertThat(AnalysisMeasurements.of(new AnalysisStatus(), SEEN)).isEmpty();
        assertThat(AnalysisMeasurements.of(noChecks, SEEN)).isEmpty();
        assertThat(AnalysisMeasurements.of(noMeasurements, SEEN)).isEmpty();
    }

    static AnalysisRunStatus run(AnalysisCheckStatus... checks) {
        var run = new AnalysisRunStatus();
        run.setChecks(List.of(checks));
        return run;
    }

    static AnalysisCheckStatus check(String name, MeasurementStatus... measurements) {
        var check = new AnalysisCheckStatus();
        check.setName(name);
        check.setMeasurements(new ArrayList<>(List.of(measurements)));
        return check;
    }

    static MeasurementStatus measurement(String at, String phase, String value, String message) {
        var m = new MeasurementStatus();
        m.setAt(at);
        m.setPhase(phase);
        m.setValue(value);
        m.setMessage(message);
        return m;
    }
}
