package dev.bluegreen.demo.render;

import java.time.Duration;
import java.util.Locale;

/**
 * A moment on a lane: a completed savepoint, the traffic switch, a teardown, an adoption, a demo
 * step, an analysis measurement, or an automatic rollback.
 *
 * @param lane where it is drawn
 * @param at when, since the demo started
 * @param kind what happened
 * @param label the tooltip text
 */
public record Marker(Lane lane, Duration at, Kind kind, String label) {
    /** What a marker marks. */
    public enum Kind {
        /** The hand-over savepoint completed (on the colour it was taken from). */
        SAVEPOINT,
        /** The parent Ingress now points at this colour. */
        TRAFFIC_SWITCH,
        /** The child of this colour was deleted. */
        TEARDOWN,
        /** A deployment that ran on its own became the child of this colour (job untouched). */
        ADOPTED,
        /** The demo acted (apply, upgrade, suspend), on the controller lane. */
        STEP,
        /** A check's measurement passed, on the analysis lane. */
        CHECK_SUCCESSFUL,
        /** A check's measurement failed, on the analysis lane. */
        CHECK_FAILED,
        /** A check's measurement was inconclusive or an error, on the analysis lane. */
        CHECK_OTHER,
        /** The controller rolled back by itself (a failed post-promotion check). */
        ROLLBACK;

        /** The marker of a measurement in {@code phase} ({@code Successful}, {@code Failed}...). */
        public static Kind ofMeasurement(String phase) {
            return switch (phase) {
                case "Successful" -> CHECK_SUCCESSFUL;
                case "Failed" -> CHECK_FAILED;
                default -> CHECK_OTHER;
            };
        }

        /** The lower-case name used as CSS class, e.g. {@code traffic-switch}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }
}
