package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.resource.AnalysisCheck;

import java.time.Instant;

/**
 * Takes one measurement of one analysis check: calls its provider and judges the result with the
 * check's conditions. Never throws: a provider error, a timeout or a condition that cannot be
 * evaluated is an {@code ERROR} measurement with the reason as its message.
 */
public interface CheckRunner {
    /**
     * One measurement of {@code check}.
     *
     * @param check the check as written in the spec (validated)
     * @param request the resource, the stage and the children the check judges
     * @param now the time of this reconcile: the measurement's {@code at}
     */
    Measurement measure(AnalysisCheck check, MetricRequest request, Instant now);
}
