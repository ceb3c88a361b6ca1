package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.config.ReadinessChecks;

import java.util.Optional;
import java.util.function.Function;

/**
 * When the readiness checks need the children's REST readings, and how the readings become the
 * engine's health facts. The readings are taken only while a transition waits for readiness: the
 * persisted state is {@code TRANSITIONING_TO_X}, X is stable and running, and a check that needs
 * them is on ({@link ReadinessChecks}). The backlog of both children is read (the serving child's
 * is the reference), the checkpoint count of X only. A reading that failed leaves the fact unknown
 * with the reason in {@link HealthFacts#unknownBecause()}. Pure.
 */
public final class Readiness {
    private Readiness() {}

    /**
     * The incoming colour when the engine will judge its readiness in this reconcile, else empty.
     *
     * @param children the engine's observation of each child
     */
    public static Optional<Color> waitingFor(
            TransitionRecord record,
            ReadinessChecks checks,
            Function<Color, ChildObservation> children) {
        BlueGreenState state = record.state();
        if (!checks.any() || state.role() != BlueGreenState.Role.TRANSITIONING) {
            return Optional.empty();
        }
        Color x = state.namedColor();
        return children.apply(x).stableAndRunning() ? Optional.of(x) : Optional.empty();
    }

    /** {@code observation} with the facts of {@code readings}; as it is without readings. */
    public static Observation withReadings(Observation observation, Readings readings) {
        if (readings == null) {
            return observation;
        }
        return new Observation(
                observation.desired(),
                withFacts(observation.blue(), readings.blue()),
                withFacts(observation.green(), readings.green()),
                observation.snapshot(),
                observation.commands(),
                observation.now(),
                observation.gate());
    }

    private static ChildObservation withFacts(ChildObservation child, Readings.Child read) {
        if (read == null || !child.present()) {
            return child;
        }
        HealthFacts health = child.health();
        long checkpoints =
                read.completedCheckpoints() == null
                        ? health.completedCheckpoints()
                        : read.completedCheckpoints();
        String because = read.checkpointsUnknown();
        Long backlog = health.lagRecords();
        if (read.backlog() != null) {
            backlog = read.backlog().records();
            because = read.backlog().known() ? because : join(because, read.backlog().detail());
        }
        HealthFacts facts = health.withReadiness(checkpoints, backlog, because);
        return with(child, read.restarts() == null ? facts : facts.withRestarts(read.restarts()));
    }

    private static String join(String first, String second) {
        return first == null ? second : first + "; " + second;
    }

    private static ChildObservation with(ChildObservation c, HealthFacts health) {
        return new ChildObservation(
                c.exists(),
                c.terminating(),
                c.specRef(),
                c.generation(),
                c.observedGeneration(),
                c.suspendedBySpec(),
                c.lifecycle(),
                c.jobState(),
                c.jobId(),
                c.jobStartTime(),
                health);
    }
}
