package dev.bluegreen.core.simulation;

import java.util.List;
import java.util.Objects;

/**
 * A breached {@link Invariant}, with everything needed to replay it: the simulation's seed, the
 * step and the full step trace. An {@link AssertionError}, so a test that hits one fails.
 */
public final class InvariantViolation extends AssertionError {
    private static final long serialVersionUID = 1L;

    private final Invariant invariant;
    private final long seed;
    private final transient List<TraceLine> trace;

    /**
     * A violation.
     *
     * @param invariant the breached invariant
     * @param detail what exactly was observed, naming colours and values
     * @param seed the seed of the simulation
     * @param trace the steps so far, the violating step last
     * @param cause the exception thrown by the decision function, or {@code null}
     */
    public InvariantViolation(
            Invariant invariant, String detail, long seed, List<TraceLine> trace, Throwable cause) {
        super(message(invariant, detail, seed, trace), cause);
        this.invariant = Objects.requireNonNull(invariant, "invariant == null");
        this.seed = seed;
        this.trace = List.copyOf(trace);
    }

    private static String message(
            Invariant invariant, String detail, long seed, List<TraceLine> trace) {
        StringBuilder sb =
                new StringBuilder(
                        String.format(
                                "invariant %s violated at step %s (seed %s): %s\ntrace:",
                                invariant, trace.size(), seed, detail));
        trace.forEach(line -> sb.append("\n  ").append(line));
        return sb.toString();
    }

    /** The breached invariant. */
    public Invariant invariant() {
        return invariant;
    }

    /** The seed of the simulation, to replay it. */
    public long seed() {
        return seed;
    }

    /** The steps up to and including the violating one. */
    public List<TraceLine> trace() {
        return trace;
    }
}
