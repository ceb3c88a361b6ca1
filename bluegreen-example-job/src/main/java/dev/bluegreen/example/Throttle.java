package dev.bluegreen.example;

import org.apache.flink.api.common.functions.MapFunction;

/**
 * A pass-through that lets at most {@code perSecond} records per second through this subtask,
 * sleeping when it is ahead of that rate (counted from its first record of the run). Chained right
 * after a source, it slows the source down: a job that cannot keep up with its input builds a
 * backlog, e.g. a green that never catches up with blue. The sleeping blocks the task thread, so
 * checkpoints wait for it as they would for a slow operator.
 */
public final class Throttle implements MapFunction<Event, Event> {
    private static final long serialVersionUID = 1L;

    private final long perSecond;
    private transient long startNanos;
    private transient long passed;

    /**
     * A throttle of {@code perSecond} records per second per subtask.
     *
     * @throws IllegalArgumentException when {@code perSecond} is not positive
     */
    public Throttle(long perSecond) {
        if (perSecond <= 0) {
            throw new IllegalArgumentException(
                    "records per second must be positive, got " + perSecond);
        }
        this.perSecond = perSecond;
    }

    @Override
    public Event map(Event event) throws InterruptedException {
        long now = System.nanoTime();
        if (passed == 0) {
            startNanos = now;
        }
        passed++;
        long dueNanos = startNanos + passed * 1_000_000_000L / perSecond;
        if (dueNanos > now) {
            Thread.sleep((dueNanos - now) / 1_000_000L, (int) ((dueNanos - now) % 1_000_000L));
        }
        return event;
    }
}
