package dev.bluegreen.gate.internal;

import java.io.Serializable;
import java.util.Objects;

/**
 * Tuning of one gate: how late records may be and when a silent subtask counts as idle. Immutable
 * and thread-safe.
 */
public final class GateSettings implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Default allowed lateness: 0 ms (records behind the watermark are not expected). */
    public static final long DEFAULT_ALLOWED_LATENESS_MS = 0L;

    /** Default idle timeout: 30 s of processing time without a record or a watermark advance. */
    public static final long DEFAULT_IDLE_TIMEOUT_MS = 30_000L;

    /** Settings with both defaults. */
    public static final GateSettings DEFAULTS =
            new GateSettings(DEFAULT_ALLOWED_LATENESS_MS, DEFAULT_IDLE_TIMEOUT_MS);

    private final long allowedLatenessMs;
    private final long idleTimeoutMs;
    private final KeepLimits keepLimits;

    private GateSettings(long allowedLatenessMs, long idleTimeoutMs) {
        this(allowedLatenessMs, idleTimeoutMs, KeepLimits.DEFAULTS);
    }

    private GateSettings(long allowedLatenessMs, long idleTimeoutMs, KeepLimits keepLimits) {
        if (allowedLatenessMs < 0) {
            throw new IllegalArgumentException(
                    "allowedLateness: expected >= 0 ms, got " + allowedLatenessMs);
        }
        if (idleTimeoutMs <= 0) {
            throw new IllegalArgumentException(
                    "idleTimeout: expected > 0 ms, got " + idleTimeoutMs);
        }
        this.allowedLatenessMs = allowedLatenessMs;
        this.idleTimeoutMs = idleTimeoutMs;
        this.keepLimits = Objects.requireNonNull(keepLimits, "keepLimits");
    }

    /**
     * These settings with other bounds of what a keeper keeps during a keep window.
     *
     * @param limits the bounds
     * @return the new settings
     */
    public GateSettings withKeepLimits(KeepLimits limits) {
        return new GateSettings(allowedLatenessMs, idleTimeoutMs, limits);
    }

    /** The bounds of what a keeper keeps (default {@link KeepLimits#DEFAULTS}). */
    public KeepLimits keepLimits() {
        return keepLimits;
    }

    /**
     * Settings with the given values.
     *
     * @param allowedLatenessMs how far (event time, ms) behind the watermark records may still
     *     arrive; a colour is drained once its watermark passes its last cutover plus this
     * @param idleTimeoutMs processing time (ms) without a record and without a watermark advance
     *     after which a subtask counts as idle
     * @return the settings
     * @throws IllegalArgumentException when lateness is negative or the timeout not positive
     */
    public static GateSettings of(long allowedLatenessMs, long idleTimeoutMs) {
        return new GateSettings(allowedLatenessMs, idleTimeoutMs);
    }

    /** Allowed lateness in ms of event time. */
    public long allowedLatenessMs() {
        return allowedLatenessMs;
    }

    /** Idle timeout in ms of processing time. */
    public long idleTimeoutMs() {
        return idleTimeoutMs;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof GateSettings)) {
            return false;
        }
        GateSettings that = (GateSettings) o;
        return allowedLatenessMs == that.allowedLatenessMs
                && idleTimeoutMs == that.idleTimeoutMs
                && keepLimits.equals(that.keepLimits);
    }

    @Override
    public int hashCode() {
        return (Long.hashCode(allowedLatenessMs) * 31 + Long.hashCode(idleTimeoutMs)) * 31
                + keepLimits.hashCode();
    }

    @Override
    public String toString() {
        return "GateSettings{allowedLatenessMs="
                + allowedLatenessMs
                + ", idleTimeoutMs="
                + idleTimeoutMs
                + ", "
                + keepLimits
                + "}";
    }
}
