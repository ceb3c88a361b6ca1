package dev.bluegreen.demo.cluster;

import dev.bluegreen.demo.timeline.AnalysisMeasured;
import dev.bluegreen.operator.resource.AnalysisCheckStatus;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.MeasurementStatus;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The measurements a parent's {@code status.analysis} lists (the last 10 of each check), as
 * timeline events; the timeline keeps each measurement once. Pure.
 */
final class AnalysisMeasurements {
    private AnalysisMeasurements() {}

    /**
     * Every measurement of both stages, pre-promotion first, each check's in the status' order.
     *
     * @param analysis the status' analysis; {@code null} when the parent has none
     * @param at when the demo saw them
     */
    static List<AnalysisMeasured> of(AnalysisStatus analysis, Duration at) {
        List<AnalysisMeasured> measured = new ArrayList<>();
        if (analysis != null) {
            add(measured, "prePromotion", analysis.getPrePromotion(), at);
            add(measured, AnalysisMeasured.POST_PROMOTION, analysis.getPostPromotion(), at);
        }
        return measured;
    }

    private static void add(
            List<AnalysisMeasured> measured, String stage, AnalysisRunStatus run, Duration at) {
        if (run == null || run.getChecks() == null) {
            return;
        }
        for (AnalysisCheckStatus check : run.getChecks()) {
            for (MeasurementStatus m : listed(check)) {
                measured.add(
                        new AnalysisMeasured(
                                at,
                                stage,
                                text(check.getName()),
                                text(m.getPhase()),
                                text(m.getValue()),
                                text(m.getMessage()),
                                text(m.getAt())));
            }
        }
    }

    private static List<MeasurementStatus> listed(AnalysisCheckStatus check) {
        return check.getMeasurements() == null ? List.of() : check.getMeasurements();
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }
}
