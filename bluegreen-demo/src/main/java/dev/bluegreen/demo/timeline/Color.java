package dev.bluegreen.demo.timeline;

import java.util.Locale;
import java.util.Optional;

/**
 * The colour of a child FlinkDeployment: the value of its {@code bluegreen.dev/color} label ({@link
 * #ofLabel}), or, for an object without labels, the suffix the controller gives the children it
 * creates ({@code orders-blue}; {@link #of}). An adopted child keeps its own name, so only its
 * label says its colour.
 */
public enum Color {
    BLUE,
    GREEN;

    /** The lower-case name used in timeline lines and HTML classes, e.g. {@code blue}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The colour a label value names: exactly {@code blue} or {@code green} (any case).
     *
     * @param value the value of a {@code bluegreen.dev/color} label, may be null
     * @return the colour, or empty for null or any other value
     */
    public static Optional<Color> ofLabel(String value) {
        for (Color color : values()) {
            if (color.label().equalsIgnoreCase(value)) {
                return Optional.of(color);
            }
        }
        return Optional.empty();
    }

    /**
     * The colour a name refers to by its suffix, the fallback for objects without a colour label: a
     * child ({@code orders-green}), its REST service ({@code orders-green-rest}) or a colour value
     * ({@code GREEN}, {@code green}).
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
