package dev.bluegreen.operator.internal.http;

import java.util.Objects;

/**
 * What the probes answer at one moment.
 *
 * @param live {@code /healthz}: 200 when true, else 503
 * @param ready {@code /readyz}: 200 when true, else 503
 * @param detail the one-line body of both, e.g. {@code ready: standby, leader is pod-a}
 */
public record Health(boolean live, boolean ready, String detail) {
    public Health {
        Objects.requireNonNull(detail, "detail == null");
    }

    /** Before the controller runs: alive, not ready. */
    public static Health starting(String detail) {
        return new Health(true, false, "starting: " + detail);
    }
}
