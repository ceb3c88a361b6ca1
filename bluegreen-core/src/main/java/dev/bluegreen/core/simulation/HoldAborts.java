package dev.bluegreen.core.simulation;

import dev.bluegreen.core.TransitionRecord;

/**
 * The bounds of {@link Invariant#ABORT_ENDS_HOLD} while the user answers every hold with an abort:
 * per change (transition number), at most {@code maxAborts} aborts, and resting within {@code
 * maxSteps} steps of the change's first abort. Not thread-safe; one per run.
 */
final class HoldAborts {
    private final int maxAborts;
    private final int maxSteps;
    private long change;
    private int aborts;
    private int firstAbortAt = -1;

    HoldAborts(int maxAborts, int maxSteps, long change) {
        this.maxAborts = maxAborts;
        this.maxSteps = maxSteps;
        this.change = change;
    }

    /**
     * Checks step number {@code step} ({@code line}, after which {@code persisted} is the record)
     * and counts the abort that answers it if it holds: the breach when the holds outlast their
     * bounds, else {@code null}. A new change (the engine starts the desired spec) counts afresh.
     */
    Invariants.Breach check(TraceLine line, TransitionRecord persisted, int step) {
        if (persisted.transitionNumber() != change) {
            change = persisted.transitionNumber();
            aborts = 0;
            firstAbortAt = -1;
        }
        if (firstAbortAt >= 0 && step - firstAbortAt >= maxSteps) {
            return breach(maxSteps + " steps after the first abort of a hold", line, persisted);
        }
        if (!line.reason().holdsForUser()) {
            return null;
        }
        if (aborts == maxAborts) {
            return breach(maxAborts + " aborts of holds", line, persisted);
        }
        firstAbortAt = firstAbortAt < 0 ? step : firstAbortAt;
        aborts++;
        return null;
    }

    private static Invariants.Breach breach(
            String after, TraceLine line, TransitionRecord persisted) {
        return new Invariants.Breach(
                Invariant.ABORT_ENDS_HOLD,
                "still not resting after " + after + ": " + line + " (" + persisted + ")");
    }
}
