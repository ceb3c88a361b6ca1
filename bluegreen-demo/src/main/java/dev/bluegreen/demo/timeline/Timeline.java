package dev.bluegreen.demo.timeline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The ordered record of what the demo saw, kept only on change: an event whose {@link
 * TimelineEvent#value() value} equals the previous one of the same {@link TimelineEvent#key() key}
 * is dropped. Thread-safe: watchers record from their own threads while the scenario waits on it;
 * the listener sees events in the order they were recorded.
 */
public final class Timeline {
    private final List<TimelineEvent> events = new ArrayList<>();
    private final Map<String, String> lastValues = new HashMap<>();
    private final Consumer<TimelineEvent> listener;

    /**
     * A timeline that hands every kept event to {@code listener} (e.g. the live printer), under the
     * timeline's lock.
     */
    public Timeline(Consumer<TimelineEvent> listener) {
        this.listener = listener;
    }

    /** A timeline without a listener. */
    public Timeline() {
        this(event -> {});
    }

    /**
     * Records {@code event} unless it repeats the last value of its key.
     *
     * @return whether it was kept
     */
    public synchronized boolean record(TimelineEvent event) {
        String previous = lastValues.put(event.key(), event.value());
        if (event.value().equals(previous)) {
            return false;
        }
        events.add(event);
        listener.accept(event);
        notifyAll();
        return true;
    }

    /** A copy of the kept events, in recording order. */
    public synchronized List<TimelineEvent> events() {
        return List.copyOf(events);
    }

    /**
     * Waits until {@code query} finds something in the events, re-running it after every new event
     * (no polling).
     *
     * @param query looks at all events so far; empty means not yet
     * @param bound the longest wait
     * @return what the query found, or empty when {@code bound} passed first
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public synchronized <T> Optional<T> await(
            Function<List<TimelineEvent>, Optional<T>> query, Duration bound)
            throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (true) {
            Optional<T> found = query.apply(List.copyOf(events));
            long left = deadline - System.nanoTime();
            if (found.isPresent() || left <= 0) {
                return found;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }
}
