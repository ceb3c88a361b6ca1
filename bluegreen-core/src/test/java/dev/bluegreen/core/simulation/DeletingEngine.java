package dev.bluegreen.core.simulation;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Observation;
import dev.bluegreen.core.Plan;
import dev.bluegreen.core.TransitionEngine;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.TransitionRecord;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * A broken engine for negative controls of the invariants: the real engine, except that every
 * suspension is a deletion (a cancel without a savepoint).
 */
final class DeletingEngine {
    private DeletingEngine() {}

    /**
     * A supplier of the broken engine for {@code policy}, one instance per simulated controller.
     */
    static Supplier<BiFunction<TransitionRecord, Observation, Plan>> of(TransitionPolicy policy) {
        return () -> {
            var engine = new TransitionEngine(policy);
            return (record, observation) -> {
                Plan plan = engine.decide(record, observation);
                List<Action> actions =
                        plan.actions().stream()
                                .map(
                                        a ->
                                                a instanceof Action.SuspendChild s
                                                        ? (Action) new Action.DeleteChild(s.color())
                                                        : a)
                                .toList();
                return new Plan(
                        plan.record(), actions, plan.requeueAfter(), plan.reason(), plan.message());
            };
        };
    }
}
