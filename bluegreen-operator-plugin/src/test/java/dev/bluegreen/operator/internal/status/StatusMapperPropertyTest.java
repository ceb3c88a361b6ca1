package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.validate.SpecProblem;
import dev.bluegreen.operator.resource.TransitionMode;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Random;

import static dev.bluegreen.operator.internal.status.StatusFixtures.T1;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T2;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T3;
import static dev.bluegreen.operator.internal.status.StatusFixtures.plan;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties of {@link StatusMapper} over random inputs: deterministic, a fixed condition order,
 * and a fixpoint (mapping again onto the status it produced changes nothing and emits nothing),
 * which is what lets the controller skip no-op writes.
 */
class StatusMapperPropertyTest {
    static final int RUNS = 3_000;

    @Test
    void mappingIsDeterministicAndReachesAFixpointAtOnce() {
        var random = new Random(5_2026L);
        for (int i = 0; i < RUNS; i++) {
            // Given random inputs on top of a random previous status
            var previous =
                    random.nextBoolean()
                            ? null
                            : StatusMapper.map(randomInput(random, null).build()).status();
            var input = randomInput(random, previous).build();
            // When
            var first = StatusMapper.map(input);
            var again = StatusMapper.map(input);
            var later = StatusMapper.map(copyAt(input, first).build());
            // Then
            assertThat(again).as("run %d: deterministic", i).isEqualTo(first);
            assertThat(first.status().getConditions())
                    .extracting(c -> c.getType())
                    .containsExactly("Ready", "Progressing", "Degraded", "InvalidSpec");
            assertThat(later.status()).as("run %d: fixpoint status", i).isEqualTo(first.status());
            assertThat(later.events()).as("run %d: fixpoint events", i).isEmpty();
            assertThat(RecordCodec.read(first.status()))
                    .isEqualTo(
                            input.plan() == null
                                    ? RecordCodec.read(previous)
                                    : input.plan().record());
        }
    }

    /** The same reconcile, later, on the status the first one wrote. */
    private static StatusInput.Builder copyAt(StatusInput input, StatusUpdate first) {
        return StatusInput.builder(input.parentName(), input.generation(), T3)
                .previous(first.status())
                .plan(input.plan())
                .transitionMode(input.transitionMode())
                .blue(input.blue())
                .green(input.green())
                .stableSpecJson(input.stableSpecJson())
                .problems(input.problems())
                .blocked(input.blocked());
    }

    private static StatusInput.Builder randomInput(
            Random random,
            dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus previous) {
        var builder =
                StatusInput.builder(
                                random.nextInt(10) == 0 ? "Bad_Name" : "orders",
                                1 + random.nextInt(3),
                                previous == null ? T1 : T2)
                        .previous(previous)
                        .transitionMode(pick(random, TransitionMode.values()))
                        .blue(randomChild(random))
                        .green(randomChild(random))
                        .stableSpecJson(
                                random.nextBoolean() ? null : "{\"v\":" + random.nextInt(3) + "}");
        if (random.nextInt(5) > 0) {
            TransitionRecord record = RecordCodecTest.randomRecord(random);
            Reason reason = Reason.values()[random.nextInt(Reason.values().length)];
            builder.plan(plan(record, reason, reason.eventReason() + " " + random.nextInt(2)));
        }
        if (random.nextInt(4) == 0) {
            var problems = new ArrayList<SpecProblem>();
            for (int p = random.nextInt(3); p >= 0; p--) {
                problems.add(new SpecProblem("spec.f" + random.nextInt(3), "bad"));
            }
            builder.problems(problems);
        }
        if (random.nextInt(6) == 0) {
            builder.blocked(new StatusInput.Blocked("InsufficientQuota", "needs more"));
        }
        return builder;
    }

    private static ChildObservation randomChild(Random random) {
        if (random.nextInt(4) == 0) {
            return ChildObservation.absent();
        }
        return new ChildObservation(
                true,
                random.nextInt(8) == 0,
                "ref",
                2,
                1 + random.nextInt(2),
                random.nextBoolean(),
                Lifecycle.values()[random.nextInt(Lifecycle.values().length)],
                JobState.values()[random.nextInt(JobState.values().length)],
                random.nextBoolean() ? null : "job-" + random.nextInt(3),
                null,
                HealthFacts.unknown());
    }

    private static <T> T pick(Random random, T[] values) {
        int i = random.nextInt(values.length + 1);
        return i == values.length ? null : values[i];
    }
}
