package dev.bluegreen.demo.render;

import dev.bluegreen.demo.timeline.Color;

import java.util.Locale;

/**
 * A row of the timeline picture: the controller's states, then one per colour, then the analysis
 * checks' measurements (drawn only when there are any, see {@link Lanes#shown()}).
 */
public enum Lane {
    CONTROLLER,
    BLUE,
    GREEN,
    ANALYSIS;

    /** The lane of a colour. */
    public static Lane of(Color color) {
        return color == Color.BLUE ? BLUE : GREEN;
    }

    /** The lower-case name used as label and CSS class, e.g. {@code green}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
