package dev.bluegreen.demo.timeline;

import java.util.Locale;
import java.util.Optional;

/** The colour of a child FlinkDeployment, as the controller names it ({@code orders-blue}). */
public enum Color {
    BLUE,
    GREEN;

    /** The lower-case name used in timeline lines and HTML classes, e.g. {@code blue}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The colour a name refers to: a child ({@code orders-green}), its REST service ({@code
     * orders-green-rest}) or a colour value ({@code GREEN}, {@code green}).
     *
     * @param name any of those, may be null
     * @return the colour, or empty when the name has none
     */
    public static Optional<Color> of(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String lower = name.toLowerCase(Locale.ROOT);
        for (Color color : values()) {
            String label = color.label();
            if (lower.equals(label)
                    || lower.endsWith("-" + label)
                    || lower.contains("-" + label + "-")) {
                return Optional.of(color);
            }
        }
        return Optional.empty();
    }
}
