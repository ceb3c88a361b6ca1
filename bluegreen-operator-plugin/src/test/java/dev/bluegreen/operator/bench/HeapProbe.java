package dev.bluegreen.operator.bench;

import java.lang.management.ManagementFactory;

/** Used heap after full collections: the minimum of a few rounds, in bytes. */
final class HeapProbe {
    private static final int ROUNDS = 5;

    private HeapProbe() {}

    /**
     * Runs {@code System.gc()} {@value #ROUNDS} times, 200 ms apart, and returns the smallest used
     * heap seen (background threads allocate between rounds; the minimum is the live set).
     */
    static long usedAfterGc() {
        var memory = ManagementFactory.getMemoryMXBean();
        long min = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            System.gc();
            min = Math.min(min, memory.getHeapMemoryUsage().getUsed());
            Pause.millis(200);
        }
        return min;
    }
}
