package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.apply.PlanExecutor;
import dev.bluegreen.operator.internal.validate.SpecValidator;

import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What one reconcile of one parent runs with: the caches it reads, the memory it keeps, the writer
 * it writes through, the spec validator of the installed CRD, the reads that cost a request, and
 * its time (read once from the controller's clock). The writer and the readers are made on first
 * use, so a parent at rest makes neither. Immutable; one per reconcile, used by one thread.
 *
 * @param sources the informer caches
 * @param memory what the controller keeps about the parent between reconciles
 * @param writer makes the only writer (asked at most once, see {@link #once})
 * @param validator the spec validator with the installed FlinkDeployment CRD's schema
 * @param reads makes the reads that cost a request (asked at most once)
 * @param now the time of this reconcile
 */
public record Round(
        Sources sources,
        Memory memory,
        Supplier<PlanExecutor> writer,
        SpecValidator validator,
        Supplier<Readers> reads,
        Instant now) {
    public Round {
        Objects.requireNonNull(sources, "sources == null");
        Objects.requireNonNull(memory, "memory == null");
        Objects.requireNonNull(writer, "writer == null");
        Objects.requireNonNull(validator, "validator == null");
        Objects.requireNonNull(reads, "reads == null");
        Objects.requireNonNull(now, "now == null");
    }

    /** The writer of this reconcile. */
    public PlanExecutor executor() {
        return writer.get();
    }

    /** The request-costing reads of this reconcile. */
    public Readers readers() {
        return reads.get();
    }

    /** {@code make}, asked on the first {@code get} only. Not thread-safe. */
    public static <T> Supplier<T> once(Supplier<T> make) {
        return new Supplier<>() {
            private T made;

            @Override
            public T get() {
                if (made == null) {
                    made = make.get();
                }
                return made;
            }
        };
    }
}
