package dev.bluegreen.gate.internal;

import dev.bluegreen.gate.rule.Color;

import java.util.Arrays;

/** Arithmetic on cutover schedules (ascending event times, epoch ms). */
public final class Cutovers {
    private Cutovers() {}

    /**
     * The earliest event time at which two schedules give different owners: the first cutover in
     * which they differ, {@link Long#MAX_VALUE} if they are equal.
     */
    public static long firstDifference(long[] current, long[] target) {
        int common = Math.min(current.length, target.length);
        for (int i = 0; i < common; i++) {
            if (current[i] != target[i]) {
                return Math.min(current[i], target[i]);
            }
        }
        if (current.length == target.length) {
            return Long.MAX_VALUE;
        }
        return current.length > common ? current[common] : target[common];
    }

    /**
     * The colour that owns the tail under {@code schedule}: blue before any cutover, then
     * alternating.
     */
    public static Color tailOwner(long[] schedule) {
        return schedule.length % 2 == 0 ? Color.BLUE : Color.GREEN;
    }

    /**
     * The colour that owns {@code eventTime} under {@code schedule}.
     *
     * @param schedule ascending cutovers
     * @param eventTime event time, epoch ms
     * @return blue before the first cutover, then alternating at every cutover at or before it
     */
    public static Color owner(long[] schedule, long eventTime) {
        int before = 0;
        while (before < schedule.length && schedule[before] <= eventTime) {
            before++;
        }
        return before % 2 == 0 ? Color.BLUE : Color.GREEN;
    }

    /**
     * The schedule of a cold hand-back: ownership as under {@code schedule} below {@code frontier},
     * {@code keeper} from {@code frontier} on. The cutovers before the frontier are kept, and the
     * frontier is added when the event time just before it belongs to the other colour.
     *
     * @param schedule ascending cutovers in force
     * @param keeper the colour that takes everything from the frontier on
     * @param frontier event time, epoch ms
     * @return the new ascending schedule
     */
    public static long[] handedBack(long[] schedule, Color keeper, long frontier) {
        int below = 0;
        while (below < schedule.length && schedule[below] < frontier) {
            below++;
        }
        long[] kept = Arrays.copyOf(schedule, below);
        if (tailOwner(kept) == keeper) {
            return kept;
        }
        long[] withFrontier = Arrays.copyOf(kept, below + 1);
        withFrontier[below] = frontier;
        return withFrontier;
    }

    /** {@code a + b}, or {@link Long#MAX_VALUE} on overflow ({@code b >= 0}). */
    public static long plusSaturated(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
