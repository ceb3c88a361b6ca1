package dev.bluegreen.demo.readiness;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The backlogs the controller reported in a {@code WaitingForReadiness} message of the {@code
 * Progressing} condition: "green is stable and running but not ready: backlog 18,400 records, the
 * serving child's 120, bound 1,000".
 *
 * @param green green's backlog as the controller read it
 * @param blue blue's backlog as the controller read it
 * @param bound the configured {@code readiness.max-lag}
 */
record Progress(long green, long blue, long bound) {
    private static final Pattern MESSAGE =
            Pattern.compile(
                    "WaitingForReadiness: green is stable and running but not ready: backlog"
                            + " ([\\d,]+) records, the serving child's ([\\d,]+), bound ([\\d,]+)");

    /** The backlogs in {@code progressing} ("reason: message"), if it is such a message. */
    static Optional<Progress> parse(String progressing) {
        Matcher m = MESSAGE.matcher(progressing);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(
                new Progress(number(m.group(1)), number(m.group(2)), number(m.group(3))));
    }

    /** Whether green was behind by more than the bound. */
    boolean behind() {
        return green > blue + bound;
    }

    private static long number(String text) {
        return Long.parseLong(text.replace(",", ""));
    }
}
