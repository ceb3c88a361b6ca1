package dev.bluegreen.gate.internal;

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

    /** {@code a + b}, or {@link Long#MAX_VALUE} on overflow ({@code b >= 0}). */
    public static long plusSaturated(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
