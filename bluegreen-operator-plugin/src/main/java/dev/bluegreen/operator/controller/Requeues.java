package dev.bluegreen.operator.controller;

import dev.bluegreen.core.Plan;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;

import java.time.Duration;
import java.util.Optional;

/**
 * When to reconcile again: at the plan's {@code requeueAfter}; while a change is in flight at the
 * latest after the reschedule interval (a safety net for missed events); otherwise only on events.
 */
final class Requeues {
    /** How soon to decide again after a lost optimistic-locking race. */
    static final Duration AFTER_CONFLICT = Duration.ofMillis(200);

    private static final Duration MINIMUM = Duration.ofMillis(1);

    private Requeues() {}

    static UpdateControl<FlinkBlueGreenDeployment> after(Plan plan, Duration rescheduleInterval) {
        Optional<Duration> after = plan.requeueAfter();
        if (plan.next().inFlight()) {
            after =
                    Optional.of(
                            after.filter(d -> d.compareTo(rescheduleInterval) < 0)
                                    .orElse(rescheduleInterval));
        }
        return after.map(Requeues::in).orElseGet(UpdateControl::noUpdate);
    }

    static UpdateControl<FlinkBlueGreenDeployment> in(Duration delay) {
        Duration d = delay.compareTo(MINIMUM) < 0 ? MINIMUM : delay;
        return UpdateControl.<FlinkBlueGreenDeployment>noUpdate().rescheduleAfter(d);
    }
}
