package dev.bluegreen.operator.controller;

import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.analysis.AnalysisStage;
import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MeasurementPhase;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.internal.analysis.CheckRunner;
import dev.bluegreen.operator.resource.AnalysisCheck;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * The analysis checks' Micrometer meters:
 *
 * <ul>
 *   <li>{@code bluegreen.analysis.measurements} (counter, tags {@code stage}: {@code
 *       prePromotion}/{@code postPromotion}, {@code check}: the check's name, {@code phase}: {@code
 *       successful}, {@code failed}, {@code inconclusive}, {@code error}), one per provider call;
 *   <li>{@code bluegreen.analysis.measurement} (timer, tag {@code stage}): how long a measurement
 *       took (the provider's latency and the conditions);
 *   <li>{@code bluegreen.analysis.runs} (counter, tags {@code stage} and {@code phase}: the final
 *       phase, {@code successful}, {@code failed}, {@code error}, {@code inconclusive}), once per
 *       run when the status that ends it is written.
 * </ul>
 *
 * The check tag's values are the checks' names in the resources' specs. Thread-safe.
 */
final class AnalysisMetrics {
    static final String MEASUREMENTS = "bluegreen.analysis.measurements";
    static final String MEASUREMENT = "bluegreen.analysis.measurement";
    static final String RUNS = "bluegreen.analysis.runs";

    private final MeterRegistry registry;

    AnalysisMetrics(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry == null");
    }

    /** {@code runner}, its measurements counted and timed. */
    CheckRunner metered(CheckRunner runner) {
        return (check, request, now) -> measured(runner, check, request, now);
    }

    private Measurement measured(
            CheckRunner runner, AnalysisCheck check, MetricRequest request, java.time.Instant now) {
        long start = System.nanoTime();
        Measurement measurement = runner.measure(check, request, now);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        measured(request.stage(), check.getName(), measurement.phase(), took);
        return measurement;
    }

    /** Counts and times one measurement. */
    void measured(AnalysisStage stage, String check, MeasurementPhase phase, Duration took) {
        Counter.builder(MEASUREMENTS)
                .description("Analysis measurements, by stage, check and outcome")
                .tag("stage", stage.field())
                .tag("check", check)
                .tag("phase", lower(phase.name()))
                .register(registry)
                .increment();
        Timer.builder(MEASUREMENT)
                .description("Time one analysis measurement took, by stage")
                .tag("stage", stage.field())
                .register(registry)
                .record(took);
    }

    /** Counts a run that ended in {@code phase}. */
    void ended(AnalysisStage stage, AnalysisPhase phase) {
        Counter.builder(RUNS)
                .description("Analysis runs that ended, by stage and final phase")
                .tag("stage", stage.field())
                .tag("phase", lower(phase.name()))
                .register(registry)
                .increment();
    }

    private static String lower(String constant) {
        return constant.toLowerCase(Locale.ROOT);
    }
}
