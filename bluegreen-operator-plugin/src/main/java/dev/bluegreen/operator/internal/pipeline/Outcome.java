package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import java.time.Duration;

/**
 * Where one reconcile stands between the stages. Each stage acts on the outcomes it knows and hands
 * every other one on as it is, so the reconciler composes the stages without branches. An outcome
 * is a value: no stage but the report stage builds a status from it ({@link Report}, through {@code
 * StatusInputs}).
 */
public sealed interface Outcome {
    /** What was observed. */
    Observed observed();

    /** The parent, or {@code null} when it is gone. */
    default FlinkBlueGreenDeployment parent() {
        return observed().value() == null ? null : observed().value().parent();
    }

    /** The parent is gone, or rests on unchanged inputs: nothing is written. */
    record AtRest(Observed observed) implements Outcome {}

    /**
     * Only a status is written, the one the report stage maps {@code finding} to (invalid spec,
     * unreadable status, a failed extension, an adoption step, a held plan), then the parent is
     * looked at again after {@code requeue}.
     *
     * @param requeue when to look again, or {@code null} for the next event
     */
    record StatusOnly(Observed observed, Finding finding, Duration requeue) implements Outcome {}

    /** A pending adoption takes its next step instead of a decision of the engine. */
    record Adopt(Observed observed, BlueGreenSettings settings) implements Outcome {}

    /** A valid parent, to be decided with {@code settings}. */
    record Undecided(Observed observed, BlueGreenSettings settings) implements Outcome {}

    /** The engine's decision, to be carried out (or held, when it is blocked). */
    record Decided(Observed observed, Decision decision) implements Outcome {}

    /**
     * A decision that was carried out; the report stage maps it to the status to write.
     *
     * @param applied what the plan wrote
     */
    record CarriedOut(Observed observed, Decision decision, Applied applied) implements Outcome {}

    /** A write lost an optimistic-locking race: decide again soon. */
    record Conflict(Observed observed) implements Outcome {}
}
