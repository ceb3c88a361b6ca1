package dev.bluegreen.operator.bench;

/** Sleeps of the benchmark program (never used by tests). */
final class Pause {
    private Pause() {}

    /** Sleeps {@code millis} ms; an interrupt ends the program's phase with an exception. */
    static void millis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
