package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.operator.internal.analysis.AnalysisRuns;
import dev.bluegreen.operator.internal.apply.WriteConflictException;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.status.StatusUpdate;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;

import java.time.Duration;

/**
 * The report stage: maps the outcome to the status, its conditions and its events (the only stage
 * that does, through {@code StatusInputs}) and writes them (the events only with the status write
 * that records them, so a repeated decision does not repeat them), records the decision in the
 * parent's memory (meters, the resting shortcut) and answers when to reconcile again: at the plan's
 * next deadline (capped while in flight, and at the poll interval while the gate or the readiness
 * checks are watched; at the next analysis measurement when that is earlier), soon after a lost
 * optimistic-locking race, or on the next event. The analysis runs a written status ended are
 * counted.
 */
public final class Report {
    private Report() {}

    /** Writes the status {@code acted} maps to and answers when to reconcile again. */
    public static UpdateControl<FlinkBlueGreenDeployment> report(Outcome acted, Round round) {
        try {
            if (acted instanceof Outcome.StatusOnly only) {
                var status = StatusInputs.of(only.observed(), only.finding(), round.now());
                write(only.parent(), status, round);
                return only.requeue() == null
                        ? UpdateControl.noUpdate()
                        : Requeues.in(only.requeue());
            }
            if (acted instanceof Outcome.CarriedOut carried) {
                return carriedOut(carried, round);
            }
        } catch (WriteConflictException e) {
            return Requeues.in(Requeues.AFTER_CONFLICT);
        }
        return acted instanceof Outcome.Conflict
                ? Requeues.in(Requeues.AFTER_CONFLICT)
                : UpdateControl.noUpdate();
    }

    private static UpdateControl<FlinkBlueGreenDeployment> carriedOut(
            Outcome.CarriedOut carried, Round round) {
        var parent = carried.parent();
        Decision decision = carried.decision();
        boolean gated = carried.observed().gate() != null;
        var status = StatusInputs.carriedOut(carried.observed(), decision, round.now());
        boolean wrote = write(parent, status, round);
        if (wrote) {
            round.memory().persisted(parent, decision, round.now());
        }
        var inputs = carried.observed().inputs();
        round.memory().decided(parent, inputs, carried.applied(), decision, gated, wrote);
        boolean polled = gated || decision.pollsReadiness();
        var analysis = carried.observed().value().analysis();
        var measurement = AnalysisRuns.nextMeasurement(analysis, decision.record());
        return Requeues.earlier(
                Requeues.after(decision.plan(), decision.settings().rescheduleInterval(), polled),
                measurement.map(at -> Duration.between(round.now(), at)).orElse(null));
    }

    /** Writes {@code update} and, when it was written, its events; whether it was written. */
    private static boolean write(
            FlinkBlueGreenDeployment parent, StatusUpdate update, Round round) {
        if (round.executor().updateStatus(parent, update.status())) {
            round.memory().wroteStatus(parent);
            round.memory().analysisEnded(parent, update.status().getAnalysis());
            round.executor().events(parent, update.events(), round.now());
            round.memory().reported(parent, update, round.now());
            return true;
        }
        return false;
    }
}
