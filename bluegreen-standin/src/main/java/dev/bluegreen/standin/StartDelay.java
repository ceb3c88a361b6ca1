package dev.bluegreen.standin;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The start-delay fault of one deployment: a wait before its job starts that closing the stand-in
 * or a newer generation cuts short. {@link #await} runs on the deployment's worker thread; {@link
 * #close} and {@link #offered} are thread-safe.
 */
final class StartDelay {
    private volatile boolean closing;
    private volatile CountDownLatch latch = new CountDownLatch(0);
    private volatile long delayedGeneration = -1;
    private volatile long lastOffered = -1;

    /** The stand-in closes: wakes a wait, and later waits return false at once. */
    void close() {
        closing = true;
        latch.countDown();
    }

    /**
     * Records the generation offered to the worker ({@code null} counts as 1); wakes a wait for
     * another generation, so the newer spec is acted on at once.
     */
    void offered(Long generation) {
        long offered = generation == null ? 1 : generation;
        lastOffered = offered;
        if (delayedGeneration >= 0 && offered != delayedGeneration) {
            latch.countDown();
        }
    }

    /**
     * Waits {@code delay} (zero: not at all) before {@code generation} starts.
     *
     * @return whether the job may start: false when closing or woken early
     * @throws InterruptedException when the worker thread is interrupted
     */
    boolean await(Duration delay, long generation) throws InterruptedException {
        if (delay.isZero()) {
            return !closing;
        }
        CountDownLatch wait = new CountDownLatch(1);
        latch = wait;
        delayedGeneration = generation;
        try {
            // a newer generation offered before the latch was in place wakes us too
            return !closing
                    && lastOffered == generation
                    && !wait.await(delay.toMillis(), TimeUnit.MILLISECONDS)
                    && !closing;
        } finally {
            delayedGeneration = -1;
        }
    }
}
