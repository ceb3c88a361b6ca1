package dev.bluegreen.demo.scenario;

import java.time.Duration;

/**
 * A demo phase did not complete within its bound, or found what it must not (an adopted job that
 * restarted); the message names the phase and the parent's status or the finding.
 */
public final class PhaseFailedException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String phase;

    /**
     * @param phase what the demo waited for, e.g. {@code green active and blue deleted}
     * @param bound how long it waited
     * @param report the parent's status and conditions ({@code ParentReport})
     */
    public PhaseFailedException(String phase, Duration bound, String report) {
        super(
                "phase \""
                        + phase
                        + "\" did not complete within "
                        + bound.toSeconds()
                        + " s\n"
                        + report);
        this.phase = phase;
    }

    /**
     * @param phase what the demo checked, e.g. {@code orders-live adopted as blue}
     * @param why what it found instead of what it expected
     */
    public PhaseFailedException(String phase, String why) {
        super("phase \"" + phase + "\" failed: " + why);
        this.phase = phase;
    }

    /** The phase that did not complete. */
    public String phase() {
        return phase;
    }
}
