package dev.bluegreen.gate.internal;

import java.io.Serializable;

/**
 * Bounds of what a keeper keeps per subtask during a keep window: records, serialized bytes
 * (measured at each snapshot), and processing time since keeping began. The first one reached stops
 * keeping (docs/gate.md, "Keep window and cold hand-back"). Immutable and thread-safe.
 */
public final class KeepLimits implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Default: 1,000,000 records per subtask. */
    public static final int DEFAULT_MAX_RECORDS = 1_000_000;

    /** Default: 64 MiB of serialized records per subtask. */
    public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;

    /** Default: 1 hour of processing time. */
    public static final long DEFAULT_MAX_AGE_MS = 3_600_000L;

    /** The three defaults. */
    public static final KeepLimits DEFAULTS =
            new KeepLimits(DEFAULT_MAX_RECORDS, DEFAULT_MAX_BYTES, DEFAULT_MAX_AGE_MS);

    private final int maxRecords;
    private final long maxBytes;
    private final long maxAgeMs;

    private KeepLimits(int maxRecords, long maxBytes, long maxAgeMs) {
        this.maxRecords = maxRecords;
        this.maxBytes = maxBytes;
        this.maxAgeMs = maxAgeMs;
    }

    /**
     * Limits with the given values.
     *
     * @param maxRecords records kept per subtask, at least 1
     * @param maxBytes serialized bytes kept per subtask, at least 1
     * @param maxAgeMs processing time (ms) of keeping, at least 1
     * @return the limits
     * @throws IllegalArgumentException naming the value that is not positive
     */
    public static KeepLimits of(int maxRecords, long maxBytes, long maxAgeMs) {
        positive("keep.max-records", maxRecords);
        positive("keep.max-bytes", maxBytes);
        positive("keep.max-age", maxAgeMs);
        return new KeepLimits(maxRecords, maxBytes, maxAgeMs);
    }

    private static void positive(String key, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(key + ": expected a positive value, got " + value);
        }
    }

    public int maxRecords() {
        return maxRecords;
    }

    public long maxBytes() {
        return maxBytes;
    }

    public long maxAgeMs() {
        return maxAgeMs;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof KeepLimits)) {
            return false;
        }
        KeepLimits that = (KeepLimits) o;
        return maxRecords == that.maxRecords
                && maxBytes == that.maxBytes
                && maxAgeMs == that.maxAgeMs;
    }

    @Override
    public int hashCode() {
        return (maxRecords * 31 + Long.hashCode(maxBytes)) * 31 + Long.hashCode(maxAgeMs);
    }

    @Override
    public String toString() {
        return "KeepLimits{maxRecords="
                + maxRecords
                + ", maxBytes="
                + maxBytes
                + ", maxAgeMs="
                + maxAgeMs
                + "}";
    }
}
