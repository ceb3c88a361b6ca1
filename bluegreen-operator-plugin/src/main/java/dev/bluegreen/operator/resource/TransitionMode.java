package dev.bluegreen.operator.resource;

/** How the two colours hand over output. Cannot change after the first deployment. */
public enum TransitionMode {
    /** Both jobs write while they overlap (at-least-once), as upstream FLIP-503. The default. */
    BASIC,
    /** A record-level gate in the job hands output over at a cutover event time (exactly-once). */
    ADVANCED;

    /**
     * The mode named {@code text} (exact constant name), or {@code null} when {@code text} is
     * {@code null} or names no mode (e.g. a value written by a newer controller).
     */
    public static TransitionMode known(String text) {
        for (TransitionMode mode : values()) {
            if (mode.name().equals(text)) {
                return mode;
            }
        }
        return null;
    }

    /**
     * The problem with a value that names no mode, for messages: {@code unknown value "FANCY"
     * (expected BASIC or ADVANCED)}.
     */
    public static String unknownValue(String text) {
        return "unknown value \"" + text + "\" (expected " + BASIC + " or " + ADVANCED + ")";
    }
}
