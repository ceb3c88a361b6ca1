package dev.bluegreen.operator.internal.dashboard;

import dev.bluegreen.operator.resource.MeasurementStatus;

import java.util.ArrayList;
import java.util.List;

/**
 * An analysis check's measurements as a small inline SVG: one dot per measurement in time order,
 * its height the value (when it is a number), green when it passed, red when it failed, grey when
 * inconclusive or an error; each dot's tooltip gives the time, phase, value and message, escaped.
 * Pure.
 */
final class MeasurementSvg {
    private static final int WIDTH = 240;
    private static final int HEIGHT = 40;

    private MeasurementSvg() {}

    /** The SVG, or a dash when there are no measurements. */
    static String draw(List<MeasurementStatus> measurements) {
        if (measurements == null || measurements.isEmpty()) {
            return Html.NONE;
        }
        List<Double> values = new ArrayList<>();
        for (MeasurementStatus m : measurements) {
            values.add(number(m.getValue()));
        }
        double min = values.stream().filter(v -> v != null).mapToDouble(v -> v).min().orElse(0);
        double max = values.stream().filter(v -> v != null).mapToDouble(v -> v).max().orElse(1);
        Html svg =
                new Html()
                        .raw(
                                String.format(
                                        "<svg class=\"measurements\" width=\"%d\" height=\"%d\""
                                                + " xmlns=\"http://www.w3.org/2000/svg\">",
                                        WIDTH, HEIGHT));
        int step = measurements.size() > 1 ? (WIDTH - 12) / (measurements.size() - 1) : 0;
        for (int i = 0; i < measurements.size(); i++) {
            Double v = values.get(i);
            double fraction = v == null || max == min ? 0.5 : (v - min) / (max - min);
            dot(
                    svg,
                    measurements.get(i),
                    6 + i * step,
                    (int) Math.round(HEIGHT - 6 - fraction * (HEIGHT - 12)));
        }
        return svg.raw("</svg>").toString();
    }

    private static void dot(Html svg, MeasurementStatus m, int x, int y) {
        svg.raw(
                        String.format(
                                "<circle class=\"measurement\" cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"><title>",
                                x, y, fill(m.getPhase())))
                .text(m.getAt() + " " + m.getPhase() + ": " + m.getValue() + " " + m.getMessage())
                .raw("</title></circle>");
    }

    private static String fill(String phase) {
        if ("Successful".equals(phase)) {
            return "#2e8b57";
        }
        return "Failed".equals(phase) ? "#c0392b" : "#999";
    }

    private static Double number(String value) {
        if (value == null) {
            return null;
        }
        try {
            double d = Double.parseDouble(value.trim());
            return Double.isFinite(d) ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
