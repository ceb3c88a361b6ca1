package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.status.StatusUpdate;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import java.time.Duration;

/**
 * Where one reconcile stands between the stages. Each stage acts on the outcomes it knows and hands
 * every other one on as it is, so the reconciler composes the stages without branches.
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
     * Only a status is written (invalid spec, unreadable status, an adoption step, a held plan),
     * then the parent is looked at again after {@code requeue}.
     *
     * @param requeue when to look again, or {@code null} for the next event
     */
    record StatusOnly(Observed observed, StatusUpdate status, Duration requeue)
            implements Outcome {}

    /** A pending adoption takes its next step instead of a decision of the engine. */
    record Adopt(Observed observed, BlueGreenSettings settings) implements Outcome {}

    /** A valid parent, to be decided with {@code settings}. */
    record Undecided(Observed observed, BlueGreenSettings settings) implements Outcome {}

    /** The engine's decision, to be carried out (or held, when it is blocked). */
    record Decided(Observed observed, Decision decision) implements Outcome {}

    /**
     * A decision that was carried out; its status is still to be written.
     *
     * @param applied what the plan wrote
     */
    record CarriedOut(Observed observed, Decision decision, Applied applied, StatusUpdate status)
            implements Outcome {}

    /** A write lost an optimistic-locking race: decide again soon. */
    record Conflict(Observed observed) implements Outcome {}
}
