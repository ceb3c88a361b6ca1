package dev.bluegreen.demo.timeline;

import java.time.Duration;

/**
 * An action of the demo itself, e.g. applying the resource or starting the upgrade.
 *
 * @param at time since the demo started
 * @param text what the demo did
 */
public record DemoStep(Duration at, String text) implements TimelineEvent {
    /** How the step that turns green bad begins (the analysis run, see the summary). */
    public static final String GREEN_TURNS_BAD = "green turns bad";

    /** How the step that saw green's errors in Prometheus begins (the analysis run). */
    public static final String ERRORS_IN_PROMETHEUS = "Prometheus shows green's errors";

    /** How the step that makes green fail after the cut begins (the green-fails run). */
    public static final String GREEN_FAILS = "green fails";

    /** How the step that sees blue writing again after a hand-back begins (the green-fails run). */
    public static final String BLUE_SERVES_AGAIN = "blue serves again";

    /** Whether the step's text begins with {@code prefix}. */
    public boolean startsWith(String prefix) {
        return text.startsWith(prefix);
    }

    @Override
    public String source() {
        return "demo";
    }

    @Override
    public String key() {
        return "demo:" + text;
    }
}
