package dev.bluegreen.gate.rule;

/** Colour of a job in a blue/green pair: the running version (blue) or the incoming one (green). */
public enum Color {
    /** The job that owns all output before the first cutover. */
    BLUE,
    /** The job that owns output from a committed cutover on. */
    GREEN;

    /**
     * The other colour.
     *
     * @return GREEN for BLUE and BLUE for GREEN
     */
    public Color opposite() {
        return this == BLUE ? GREEN : BLUE;
    }

    /**
     * Parses a colour name, ignoring case and surrounding blanks.
     *
     * @param field the name of the field or key being parsed, used in the error message
     * @param text the text, e.g. {@code "blue"}
     * @return the colour
     * @throws IllegalArgumentException naming {@code field} when the text is not a colour
     */
    public static Color parse(String field, String text) {
        String trimmed = text == null ? "" : text.trim();
        for (Color color : values()) {
            if (color.name().equalsIgnoreCase(trimmed)) {
                return color;
            }
        }
        throw new IllegalArgumentException(
                field + ": expected BLUE or GREEN, got \"" + text + "\"");
    }
}
