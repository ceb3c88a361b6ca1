package dev.bluegreen.core.simulation;

import java.time.Duration;

/**
 * A script of how the record-level gate of a {@link TransitionSimulator} behaves in ADVANCED mode
 * (a policy with {@code gatedHandover}): how long the coordinator and the gate subtasks take to
 * commit a cutover to the colour the engine asks for ({@code TransitionRecord.outputOwner}), and
 * how long the colour that lost the output takes to drain. Immutable and thread-safe.
 *
 * @param commitDelay time from the engine's wish (with the wished colour stable and running) until
 *     the cutover is committed, or {@code null} if it never commits; default 10 s
 * @param drainDelay time from a commit until the colour that lost the output is drained, or {@code
 *     null} if it never drains; default 20 s
 */
public record GateScript(Duration commitDelay, Duration drainDelay) {
    private static final Duration DEFAULT_COMMIT = Duration.ofSeconds(10);
    private static final Duration DEFAULT_DRAIN = Duration.ofSeconds(20);

    public GateScript {
        requireNotNegative(commitDelay, "commitDelay");
        requireNotNegative(drainDelay, "drainDelay");
    }

    private static void requireNotNegative(Duration d, String name) {
        if (d != null && d.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + d);
        }
    }

    /** A gate that commits after 10 s and drains 20 s after a commit. */
    public static GateScript defaults() {
        return new GateScript(DEFAULT_COMMIT, DEFAULT_DRAIN);
    }

    /** This script with every "never" replaced by the default delay. */
    public GateScript behaving() {
        return new GateScript(
                commitDelay == null ? DEFAULT_COMMIT : commitDelay,
                drainDelay == null ? DEFAULT_DRAIN : drainDelay);
    }
}
