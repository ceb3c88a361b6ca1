package dev.bluegreen.standin.prometheus;

import java.util.Map;

/**
 * One value of an instant query's result.
 *
 * @param labels the series' labels (empty for a scalar result or an aggregation without {@code by})
 * @param value the value; Prometheus' {@code "NaN"}, {@code "+Inf"} and {@code "-Inf"} as the
 *     matching doubles
 */
public record Sample(Map<String, String> labels, double value) {
    /** Copies the labels. */
    public Sample {
        labels = Map.copyOf(labels);
    }

    /** Parses Prometheus' text form of a sample value. */
    static double parseValue(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }
}
