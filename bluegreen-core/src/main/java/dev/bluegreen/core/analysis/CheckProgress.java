package dev.bluegreen.core.analysis;

import dev.bluegreen.core.AnalysisPhase;

import java.util.List;
import java.util.Objects;

/**
 * What one check measured so far in one run: its counters, its phase and its most recent
 * measurements (at most {@link #KEPT}, oldest first). Persisted in the resource's status between
 * reconciles.
 *
 * @param name the check's name
 * @param phase {@link AnalysisPhase#PENDING} before the first measurement
 * @param successful counted successful measurements
 * @param failed counted failed measurements
 * @param inconclusive counted inconclusive measurements
 * @param errors all error measurements
 * @param consecutiveErrors errors since the last non-error measurement
 * @param recent the most recent measurements, oldest first
 */
public record CheckProgress(
        String name,
        AnalysisPhase phase,
        int successful,
        int failed,
        int inconclusive,
        int errors,
        int consecutiveErrors,
        List<Measurement> recent) {
    /** How many measurements are kept per check (as Argo keeps). */
    public static final int KEPT = 10;

    public CheckProgress {
        Objects.requireNonNull(name, "name == null");
        Objects.requireNonNull(phase, "phase == null");
        recent = List.copyOf(recent);
    }

    /** A check that has not measured yet. */
    public static CheckProgress pending(String name) {
        return new CheckProgress(name, AnalysisPhase.PENDING, 0, 0, 0, 0, 0, List.of());
    }

    /** Successful, failed and inconclusive measurements: what {@code count} counts. */
    public int counted() {
        return successful + failed + inconclusive;
    }
}
