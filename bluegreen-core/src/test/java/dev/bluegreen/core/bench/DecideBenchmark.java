package dev.bluegreen.core.bench;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Commands;
import dev.bluegreen.core.DesiredSpec;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.TransitionEngine;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.TransitionRecord;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * {@link TransitionEngine#decide} on the steady path: {@code ACTIVE_BLUE}, blue healthy, no change.
 * This is what almost every reconcile of a resting deployment costs. Run with {@code mvn -Pbench
 * -pl bluegreen-core test-compile exec:exec -Dbench=DecideBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DecideBenchmark {
    private TransitionEngine engine;
    private TransitionRecord record;
    private Observation observation;
    private Observation transitioning;
    private TransitionRecord transitioningRecord;

    @Setup
    public void setUp() {
        engine = new TransitionEngine(TransitionPolicy.defaults());
        Instant now = Instant.parse("2026-01-01T00:00:00Z");
        var blue =
                new ChildObservation(
                        true,
                        false,
                        "s1",
                        3,
                        3,
                        false,
                        Lifecycle.STABLE,
                        JobState.RUNNING,
                        "job-1",
                        now.minusSeconds(3600),
                        HealthFacts.unknown());
        record =
                TransitionRecord.initial().toBuilder()
                        .state(BlueGreenState.ACTIVE_BLUE)
                        .transitionNumber(4)
                        .stableSpecRef("s1")
                        .build();
        observation =
                new Observation(
                        new DesiredSpec("s1", ChangeKind.IGNORE, false, false),
                        blue,
                        ChildObservation.absent(),
                        null,
                        Commands.none(),
                        now);
        var green =
                new ChildObservation(
                        true,
                        false,
                        "s2",
                        1,
                        1,
                        false,
                        Lifecycle.STABLE,
                        JobState.RUNNING,
                        "job-2",
                        now.minusSeconds(10),
                        HealthFacts.unknown());
        transitioningRecord =
                record.toBuilder()
                        .state(BlueGreenState.TRANSITIONING_TO_GREEN)
                        .targetSpecRef("s2")
                        .deadline(now.plusSeconds(600))
                        .readySince(now.minusSeconds(5))
                        .build();
        transitioning =
                new Observation(
                        new DesiredSpec("s2", ChangeKind.TRANSITION, false, false),
                        blue,
                        green,
                        null,
                        Commands.none(),
                        now);
    }

    /** The steady ACTIVE path (target: at most 1 µs median). */
    @Benchmark
    public Plan steadyActive() {
        return engine.decide(record, observation);
    }

    /** For comparison: a soaking incoming child (builds a new record and message). */
    @Benchmark
    public Plan soakingTransition() {
        return engine.decide(transitioningRecord, transitioning);
    }
}
