package dev.bluegreen.core;

/**
 * The colour of one of the two child deployments of a blue/green deployment.
 *
 * <p>The first deployment is always {@link #BLUE}; each transition moves to the {@link #opposite()}
 * colour. This enum is immutable and thread-safe.
 */
public enum Color {
    /** The colour of the first deployment, and of every second deployment after it. */
    BLUE,
    /** The colour a {@link #BLUE} deployment transitions to. */
    GREEN;

    /** The other colour: {@code BLUE.opposite() == GREEN} and vice versa. */
    public Color opposite() {
        return this == BLUE ? GREEN : BLUE;
    }

    /** The lower-case form used in resource names and labels, e.g. {@code "blue"}. */
    public String lowerCase() {
        return this == BLUE ? "blue" : "green";
    }
}
