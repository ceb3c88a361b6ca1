package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.apply.PlanExecutor;
import dev.bluegreen.operator.internal.validate.SpecValidator;

import java.time.Instant;
import java.util.Objects;

/**
 * What one reconcile of one parent runs with: the caches it reads, the memory it keeps, the writer
 * it writes through, the spec validator of the installed CRD, and its time (read once from the
 * controller's clock). Immutable; one per reconcile.
 *
 * @param sources the informer caches
 * @param memory what the controller keeps about the parent between reconciles
 * @param executor the only writer
 * @param validator the spec validator with the installed FlinkDeployment CRD's schema
 * @param readers the reads that cost a request
 * @param now the time of this reconcile
 */
public record Round(
        Sources sources,
        Memory memory,
        PlanExecutor executor,
        SpecValidator validator,
        Readers readers,
        Instant now) {
    public Round {
        Objects.requireNonNull(sources, "sources == null");
        Objects.requireNonNull(memory, "memory == null");
        Objects.requireNonNull(validator, "validator == null");
        Objects.requireNonNull(readers, "readers == null");
        Objects.requireNonNull(now, "now == null");
    }
}
