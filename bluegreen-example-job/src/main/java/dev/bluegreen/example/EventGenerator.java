package dev.bluegreen.example;

import org.apache.flink.connector.datagen.source.GeneratorFunction;

/**
 * The deterministic record of each source position: id {@code i}, a key and an event time that are
 * pure functions of {@code i}. Replaying a position gives the same record, which makes the source
 * replayable from the split position in a checkpoint or savepoint.
 *
 * <p>Event time is {@link #EPOCH_START_MS} plus {@code i * 1000 / rate} (the in-order time at the
 * configured rate) minus a pseudo-random lag in {@code [0, maxOutOfOrdernessMs]}, so events are out
 * of order by at most that bound. Stateless and thread-safe.
 */
public final class EventGenerator implements GeneratorFunction<Long, Event> {
    private static final long serialVersionUID = 1L;

    /** Event time of id 0 when its lag is 0: 2026-01-01T00:00:00Z. */
    public static final long EPOCH_START_MS = 1_767_225_600_000L;

    private final int keys;
    private final long rate;
    private final long maxOutOfOrdernessMs;

    /**
     * A generator for {@code keys} keys at {@code rate} records per second.
     *
     * @throws IllegalArgumentException when keys or rate is not positive or the bound is negative
     */
    public EventGenerator(int keys, long rate, long maxOutOfOrdernessMs) {
        if (keys <= 0 || rate <= 0 || maxOutOfOrdernessMs < 0) {
            throw new IllegalArgumentException(
                    "keys and rate must be positive and maxOutOfOrdernessMs >= 0, got keys="
                            + keys
                            + ", rate="
                            + rate
                            + ", maxOutOfOrdernessMs="
                            + maxOutOfOrdernessMs);
        }
        this.keys = keys;
        this.rate = rate;
        this.maxOutOfOrdernessMs = maxOutOfOrdernessMs;
    }

    @Override
    public Event map(Long index) {
        return eventAt(index);
    }

    /** The record at source position {@code id}. */
    public Event eventAt(long id) {
        long mixed = mix(id);
        String key = "k" + Math.floorMod(mixed, keys);
        long lag = Math.floorMod(mixed >>> 17, maxOutOfOrdernessMs + 1);
        long inOrder = EPOCH_START_MS + id * 1000 / rate;
        return new Event(id, key, inOrder - lag);
    }

    /** SplitMix64 finalizer: spreads consecutive ids over keys and lags. */
    private static long mix(long value) {
        long z = value + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
