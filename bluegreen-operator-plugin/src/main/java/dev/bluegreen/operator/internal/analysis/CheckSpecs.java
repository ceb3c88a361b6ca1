package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.CheckSpec;
import dev.bluegreen.operator.internal.config.AnalysisDurations;
import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisProviderSpec;

import java.time.Duration;

/** Reads a check as written in {@code spec.analysis} into core's terms. Stateless. */
public final class CheckSpecs {
    private CheckSpecs() {}

    /**
     * The timing and limits of {@code check}: durations as validation reads them ({@link
     * AnalysisDurations}: {@code 30s}, {@code 1m30s}, {@code 2 min}), unset limits at their
     * defaults (failure and inconclusive limits 0, consecutive errors {@value
     * CheckSpec#DEFAULT_CONSECUTIVE_ERROR_LIMIT}), an unset count 0.
     *
     * @throws IllegalArgumentException when a duration cannot be parsed (validation refuses such a
     *     spec first)
     */
    public static CheckSpec of(AnalysisCheck check) {
        return new CheckSpec(
                check.getName(),
                duration(check.getInitialDelay()),
                duration(check.getInterval()),
                orDefault(check.getCount(), 0),
                orDefault(check.getFailureLimit(), 0),
                orDefault(check.getInconclusiveLimit(), 0),
                orDefault(
                        check.getConsecutiveErrorLimit(),
                        CheckSpec.DEFAULT_CONSECUTIVE_ERROR_LIMIT));
    }

    /** The provider's name: prometheus, web, flink or the extension provider's name. */
    public static String provider(AnalysisCheck check) {
        AnalysisProviderSpec provider = check.getProvider();
        if (provider == null) {
            return "";
        }
        if (provider.getPrometheus() != null) {
            return "prometheus";
        }
        if (provider.getWeb() != null) {
            return "web";
        }
        if (provider.getFlink() != null) {
            return "flink";
        }
        return provider.getExtension() == null ? "" : provider.getExtension().getName();
    }

    private static Duration duration(String text) {
        return text == null ? null : AnalysisDurations.parse(text);
    }

    private static int orDefault(Integer value, int otherwise) {
        return value == null ? otherwise : value;
    }
}
