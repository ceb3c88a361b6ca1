package dev.bluegreen.operator.internal.dashboard;

import java.time.Instant;
import java.util.List;

/**
 * The last transition in a parent's observed state changes: it starts where the parent leaves a
 * stable state ({@code ACTIVE_*}, {@code INITIALIZING_*}) and ends where it reaches one again
 * (promoted when the active colour changed, else back on the old colour) or fails ({@code
 * FAILING_*}).
 */
final class Transitions {
    private Transitions() {}

    /** When the last transition started, or {@code null} when none was observed. */
    static Instant start(List<StateChange> changes) {
        int start = startIndex(changes);
        return start < 0 ? null : changes.get(start).at();
    }

    /**
     * {@code in flight}, {@code promoted to <colour>}, {@code stayed on <colour>} or {@code
     * failed}, or {@code null} when no transition was observed.
     */
    static String outcome(List<StateChange> changes) {
        int start = startIndex(changes);
        if (start < 0) {
            return null;
        }
        StateChange last = changes.get(changes.size() - 1);
        if (last.state().startsWith("FAILING_")) {
            return "failed";
        }
        if (!stable(last.state())) {
            return "in flight";
        }
        String before = start > 0 ? changes.get(start - 1).activeColor() : null;
        String after = last.activeColor();
        if (after != null && !after.equals(before)) {
            return "promoted to " + after;
        }
        return "stayed on " + after;
    }

    /** The index of the change that left the last stable state before the newest one, or -1. */
    private static int startIndex(List<StateChange> changes) {
        int i = changes.size() - 1;
        while (i >= 0 && stable(changes.get(i).state())) {
            i--; // skip the stable tail: the transition ended there
        }
        while (i > 0 && !stable(changes.get(i - 1).state())) {
            i--;
        }
        return i;
    }

    private static boolean stable(String state) {
        return state.startsWith("ACTIVE_") || state.startsWith("INITIALIZING_");
    }
}
