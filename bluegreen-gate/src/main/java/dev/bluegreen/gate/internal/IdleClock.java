package dev.bluegreen.gate.internal;

/**
 * Idle detection of one gate subtask, sampled on report ticks: idle when, for the timeout, the
 * count of records received did not change and the watermark did not advance. The record path never
 * touches it (it only counts), so idleness costs nothing per record. Not thread-safe.
 */
final class IdleClock {
    private final long timeoutMs;
    private long receivedAtTick;
    private boolean watermarkSinceTick;
    private long lastActivity;

    IdleClock(long timeoutMs, long now) {
        this.timeoutMs = timeoutMs;
        this.lastActivity = now;
    }

    void watermarkAdvanced() {
        watermarkSinceTick = true;
    }

    /** Restarts the idle time if records arrived or the watermark advanced since the last tick. */
    void tick(long received, long now) {
        if (received != receivedAtTick || watermarkSinceTick) {
            lastActivity = now;
            receivedAtTick = received;
            watermarkSinceTick = false;
        }
    }

    boolean isIdle(long received, long now) {
        boolean quietSinceTick = received == receivedAtTick && !watermarkSinceTick;
        return quietSinceTick && now - lastActivity >= timeoutMs;
    }
}
